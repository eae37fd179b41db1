import {
  ANIMATION_BODY_TOO_LARGE_MESSAGE,
  FRAME_TOO_LARGE_MESSAGE,
  MAX_ANIMATION_BODY_BYTES,
  MAX_FRAME_BYTES,
  ZAnimation,
  ZAnimationInput,
  ZAnimationList,
  ZFrameUpload,
} from '@kkb/core/animation/schema';
import { ZApiError } from '@kkb/core/errors/api-error';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../errors.ts';
import { memberOf } from '../../plugins/family-access.ts';
import { acceptRawUploads } from '../files/upload-body.ts';
import {
  createAnimation,
  deleteAnimation,
  getAnimation,
  listAnimations,
  updateAnimation,
  uploadFrame,
} from './service.ts';

const tags = ['animations'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const FRAME_CONTENT_TYPES = ['image/png', 'application/octet-stream'];

const frameTooLarge = () => new AppError(413, 'VALIDATION_ERROR', FRAME_TOO_LARGE_MESSAGE);

/**
 * The animation studio's projects; frames are PNGs in the family's file storage. Each frame's
 * bytes are uploaded on their own (`POST /animations/frame-uploads`); an animation's JSON only
 * names them, so no request carries more than one frame or 1 MB.
 */
export const animationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app;
  const storage = { database, dataDir: app.config.dataDir };
  const onRequest = app.accessTokens.authenticate;
  const nowIso = () => app.clock.now().toISOString();

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

  // Scoped: only this route takes raw bytes, and only PNG (or unnamed) ones.
  const frameUploads: FastifyPluginAsyncZod = async (uploads) => {
    uploads.removeAllContentTypeParsers();
    acceptRawUploads(uploads, FRAME_CONTENT_TYPES, MAX_FRAME_BYTES, frameTooLarge);
    uploads.post(
      '/animations/frame-uploads',
      {
        onRequest,
        config: { permission: 'animations.edit' },
        schema: {
          tags,
          security,
          summary: `Upload one frame's PNG (at most ${MAX_FRAME_BYTES / 1024} KB); an animation then names it by its uploadId within a day`,
          consumes: FRAME_CONTENT_TYPES,
          response: {
            201: ZFrameUpload,
            400: ZApiError,
            401: ZApiError,
            413: ZApiError,
            415: ZApiError,
          },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) {
          throw badRequest("Send the frame's PNG bytes as image/png");
        }
        return reply
          .status(201)
          .send(await uploadFrame(storage, memberOf(request), request.body, nowIso()));
      },
    );
  };
  await app.register(frameUploads);

  // The JSON writes: a body past the limit is refused before parsing; say what the limit is.
  // Everything else goes on to the app's one error handler.
  const jsonWrites: FastifyPluginAsyncZod = async (writes) => {
    writes.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError(413, 'VALIDATION_ERROR', ANIMATION_BODY_TOO_LARGE_MESSAGE);
      }
      throw error;
    });

    writes.post(
      '/animations',
      {
        onRequest,
        config: { permission: 'animations.edit', idempotent: true },
        bodyLimit: MAX_ANIMATION_BODY_BYTES,
        schema: {
          tags,
          security,
          summary: 'Create an animation; every frame names its uploaded PNG (uploadId)',
          body: ZAnimationInput,
          response: { 201: ZAnimation, 400: ZApiError, 401: ZApiError, 413: ZApiError },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createAnimation(database, memberOf(request), request.body, nowIso())),
    );

    writes.put(
      '/animations/:id',
      {
        onRequest,
        config: { permission: 'animations.edit' },
        bodyLimit: MAX_ANIMATION_BODY_BYTES,
        schema: {
          tags,
          security,
          summary:
            'Replace an animation; frames without uploadId keep their stored image, frames left out are deleted',
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
        updateAnimation(storage, memberOf(request), request.params.id, request.body, nowIso()),
    );
  };
  await app.register(jsonWrites);

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
