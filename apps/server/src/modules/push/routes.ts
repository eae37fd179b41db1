import { ZApiError } from '@kkb/core/errors/api-error';
import {
  ZPushPublicKey,
  ZPushSubscription,
  ZPushSubscriptionIdParams,
  ZPushSubscriptionInput,
  ZPushSubscriptionList,
  ZPushUnsubscribe,
} from '@kkb/core/push/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';

const tags = ['push'];
const security = [{ bearer: [] }];

/** Web Push (DESIGN Push): the server's public key and the user's subscriptions (devices). */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { push } = app;
  const onRequest = app.accessTokens.authenticate;

  app.get(
    '/push/public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (base64url), for PushManager.subscribe",
        response: { 200: ZPushPublicKey },
      },
    },
    () => ({ publicKey: push.publicKey }),
  );

  app.get(
    '/push/subscriptions',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          "The signed-in user's push subscriptions (their devices), most recently renewed first; never their keys or endpoints",
        response: { 200: ZPushSubscriptionList, 401: ZApiError },
      },
    },
    async (request) => ({ subscriptions: await push.listSubscriptions(request.userId) }),
  );

  app.post(
    '/push/subscriptions',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          "Saves this browser's subscription for the signed-in user; sending it again (renewal) updates it. The endpoint must be https on a public address, or on one of PUSH_SERVICE_HOSTS when set (400 otherwise). A user has at most 10: the least recently renewed one goes",
        body: ZPushSubscriptionInput,
        response: { 201: ZPushSubscription, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await push.subscribe(request.userId, request.body, request.headers['user-agent'])),
  );

  app.delete(
    '/push/subscriptions',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          "Removes this browser's subscription (on sign-out or when the user turns push off)",
        body: ZPushUnsubscribe,
        response: { 204: z.null(), 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      if (!(await push.unsubscribe(request.userId, request.body.endpoint))) {
        throw notFound('Push subscription');
      }
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/push/subscriptions/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          "Removes one of the signed-in user's push subscriptions (a device in their list); another user's answers 404",
        params: ZPushSubscriptionIdParams,
        response: { 204: z.null(), 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      if (!(await push.removeSubscription(request.userId, request.params.id))) {
        throw notFound('Push subscription');
      }
      return reply.status(204).send(null);
    },
  );
};
