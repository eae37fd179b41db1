import {
  ANIMATION_TOO_LARGE_MESSAGE,
  MAX_ANIMATION_BODY_BYTES,
  ZAnimation,
  ZAnimationInput,
  ZAnimationList,
} from '@kkb/core/animation/schema';
import { ZApiError } from '@kkb/core/errors/api-error';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { memberOf } from '../../plugins/family-access.ts';
import {
  createAnimation,
  deleteAnimation,
  getAnimation,
  listAnimations,
  updateAnimation,
} from './service.ts';

const tags = ['animations'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.string().min(1).max(64) });

/** The animation studio's projects; frames are PNGs in the family's file storage. */
export const animationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app;
  const storage = { database, dataDir: app.config.dataDir };
  const onRequest = app.accessTokens.authenticate;

  // A body past the limit is refused before parsing; say what the limit is. Everything else goes
  // on to the app's one error handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError(413, 'VALIDATION_ERROR', ANIMATION_TOO_LARGE_MESSAGE);
    }
    throw error;
  });

  app.get(
    '/animations',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: "The family's animations, most recently changed first",
        response: { 200: ZAnimationList, 401: ZApiError },
      },
    },
    async (request) => ({ animations: await listAnimations(database, request.familyId) }),
  );

  app.post(
    '/animations',
    {
      onRequest,
      config: { permission: 'animations.edit' },
      bodyLimit: MAX_ANIMATION_BODY_BYTES,
      schema: {
        tags,
        security,
        summary: 'Create an animation; every frame carries its PNG (base64)',
        body: ZAnimationInput,
        response: { 201: ZAnimation, 400: ZApiError, 401: ZApiError, 413: ZApiError },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createAnimation(storage, memberOf(request), request.body, new Date().toISOString()),
        ),
  );

  app.get(
    '/animations/:id',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'One animation with the download address of each frame',
        params: ZIdParams,
        response: { 200: ZAnimation, 401: ZApiError, 404: ZApiError },
      },
    },
    (request) => getAnimation(database, request.familyId, request.params.id),
  );

  app.put(
    '/animations/:id',
    {
      onRequest,
      config: { permission: 'animations.edit' },
      bodyLimit: MAX_ANIMATION_BODY_BYTES,
      schema: {
        tags,
        security,
        summary:
          'Replace an animation; frames sent without png keep their stored image, frames left out are deleted',
        params: ZIdParams,
        body: ZAnimationInput,
        response: {
          200: ZAnimation,
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
          413: ZApiError,
        },
      },
    },
    (request) =>
      updateAnimation(
        storage,
        memberOf(request),
        request.params.id,
        request.body,
        new Date().toISOString(),
      ),
  );

  app.delete(
    '/animations/:id',
    {
      onRequest,
      config: { permission: 'animations.edit' },
      schema: {
        tags,
        security,
        summary: 'Delete an animation and its frames',
        params: ZIdParams,
        response: { 204: z.null(), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await deleteAnimation(storage, request.familyId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
