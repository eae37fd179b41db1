import { ZApiError } from '@kkb/core/errors/api-error';
import {
  ZPushPublicKey,
  ZPushSubscription,
  ZPushSubscriptionInput,
  ZPushUnsubscribe,
} from '@kkb/core/push/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';

const tags = ['push'];
const security = [{ bearer: [] }];

/** Web Push (DESIGN Push): the server's public key and this device's subscription. */
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

  app.post(
    '/push/subscriptions',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          "Saves this browser's subscription for the signed-in user; sending it again (renewal) updates it",
        body: ZPushSubscriptionInput,
        response: { 201: ZPushSubscription, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await push.subscribe(request.userId, request.body)),
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
};
