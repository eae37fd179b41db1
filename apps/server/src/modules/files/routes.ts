import type { IncomingMessage } from 'node:http';
import { ZApiError } from '@kkb/core/errors/api-error';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_FILE_BYTES,
  ZFilePath,
  ZStoredFile,
} from '@kkb/core/family/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../errors.ts';
import { deleteFile, openDownload, openOwnFile, storeFile, type OpenedFile } from './service.ts';
import { memberOf } from '../../plugins/family-access.ts';

const tags = ['files'];
const security = [{ bearer: [] }];
/** The download address dies with its version, so a browser may keep what it fetched a while. */
const DOWNLOAD_CACHE_CONTROL = 'private, max-age=3600';

const fileTooLarge = () => new AppError(413, 'VALIDATION_ERROR', FILE_TOO_LARGE_MESSAGE);

/** Reads a raw upload, refusing it as soon as it is known to pass 5 MB. */
async function readUpload(payload: IncomingMessage, declaredLength: string | undefined) {
  if (declaredLength !== undefined && Number(declaredLength) > MAX_FILE_BYTES) throw fileTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_FILE_BYTES) throw fileTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

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

const ZImageBytes = z.unknown().describe('The image bytes (PNG, JPEG, WebP or GIF)');

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
  const parseUpload = (request: FastifyRequest, payload: IncomingMessage) =>
    readUpload(payload, request.headers['content-length']);
  app.addContentTypeParser('application/octet-stream', parseUpload);
  app.addContentTypeParser(/^image\/[\w.+-]+$/, parseUpload);

  app.put(
    '/files/*',
    {
      onRequest,
      config: { permission: 'files.edit' },
      schema: {
        tags,
        security,
        summary: 'Store or replace an image (at most 5 MB) at a path of your own',
        consumes: [
          'application/octet-stream',
          'image/png',
          'image/jpeg',
          'image/webp',
          'image/gif',
        ],
        params: ZPathParams,
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
      if (!Buffer.isBuffer(request.body)) {
        throw badRequest('Send the image bytes as application/octet-stream or image/*');
      }
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
        response: { 200: ZImageBytes, 404: ZApiError },
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
        response: { 200: ZImageBytes, 400: ZApiError, 401: ZApiError, 404: ZApiError },
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
