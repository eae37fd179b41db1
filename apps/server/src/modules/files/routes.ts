import { ZApiError } from '@kkb/core/errors/api-error';
import {
  FILE_TOO_LARGE_MESSAGE,
  IMAGE_TYPES,
  MAX_FILE_BYTES,
  ZFilePath,
  ZStoredFile,
} from '@kkb/core/family/files';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { bytesAnswer } from '../../plugins/api-contract.ts';
import { deleteFile, openDownload, openOwnFile, storeFile, type OpenedFile } from './service.ts';
import { memberOf } from '../../plugins/family-access.ts';
import { acceptRawUploads } from './upload-body.ts';

const tags = ['files'];
const security = [{ bearer: [] }];
/** The download address dies with its version, so a browser may keep what it fetched a while. */
const DOWNLOAD_CACHE_CONTROL = 'private, max-age=3600';

const fileTooLarge = () => new AppError(413, 'VALIDATION_ERROR', FILE_TOO_LARGE_MESSAGE);

const ZPathParams = z.object({
  '*': ZFilePath.describe('The family\'s own path, e.g. "avatars/mia.png"'),
});

function sendFile(reply: FastifyReply, { row, stream }: OpenedFile, cacheControl: string) {
  return reply
    .header('Content-Type', row.contentType)
    .header('Content-Length', String(row.size))
    .header('Content-Disposition', 'inline')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', cacheControl)
    .send(stream);
}

const IMAGE_ANSWER = bytesAnswer('The image bytes, of the type they were stored as', IMAGE_TYPES);

/** The raw bytes (a JSON or text body is refused); their type is sniffed from them. */
const ZImageUpload = z
  .custom<Buffer>(
    (body) => Buffer.isBuffer(body),
    'Send the image bytes as application/octet-stream or image/*',
  )
  .meta({ type: 'string', format: 'binary' });

/**
 * File storage for family photos and child avatars. The bytes are sent raw
 * (application/octet-stream or image/*); their type is sniffed, never taken from the request.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app;
  const { dataDir } = app.config;
  // Checked before the body is read, so no one can make the server take in 5 MB unsigned.
  const onRequest = app.accessTokens.authenticate;

  // Scoped to this plugin: the rest of the API keeps its JSON parser and 1 MB limit.
  acceptRawUploads(
    app,
    ['application/octet-stream', /^image\/[\w.+-]+$/],
    MAX_FILE_BYTES,
    fileTooLarge,
  );

  app.put(
    '/files/*',
    {
      onRequest,
      config: { permission: 'files.edit', idempotent: true },
      schema: {
        tags,
        security,
        summary: 'Store or replace an image (at most 5 MB) at a path of your own',
        // Any image/* is read; whether it is PNG, JPEG, WebP or GIF is told by the bytes (400).
        consumes: ['application/octet-stream', 'image/*'],
        params: ZPathParams,
        body: ZImageUpload,
        response: {
          200: ZStoredFile,
          201: ZStoredFile,
          400: ZApiError,
          401: ZApiError,
          413: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const { created, ...stored } = await storeFile(
        database,
        dataDir,
        memberOf(request),
        request.params['*'],
        request.body,
        new Date().toISOString(),
      );
      return reply.status(created ? 201 : 200).send(stored);
    },
  );

  app.get(
    '/files/download/:token',
    {
      schema: {
        tags,
        summary: 'Download a stored image by its address (no sign-in; the token is the key)',
        params: z.object({ token: z.string().min(1).max(100) }),
        response: { 200: IMAGE_ANSWER, 404: ZApiError },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await openDownload(database, dataDir, request.params.token),
        DOWNLOAD_CACHE_CONTROL,
      ),
  );

  app.get(
    '/files/*',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'Read one of your stored images',
        params: ZPathParams,
        response: { 200: IMAGE_ANSWER, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await openOwnFile(database, dataDir, request.familyId, request.params['*']),
        'private, no-cache',
      ),
  );

  app.delete(
    '/files/*',
    {
      onRequest,
      config: { permission: 'files.edit' },
      schema: {
        tags,
        security,
        summary: 'Delete one of your stored images; its download address stops working',
        params: ZPathParams,
        response: { 204: z.null(), 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await deleteFile(database, dataDir, request.familyId, request.params['*']);
      return reply.status(204).send(null);
    },
  );
};
