import { ZBuiltInCatalogue, ZFamilyCatalogue } from '@kkb/core/activities/device-catalogue';
import { ZApiError } from '@kkb/core/errors/api-error';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fresh from 'fresh';
import { z } from 'zod';
import { acceptedEncoding } from '../../lib/compressed-answer.ts';
import { notFound } from '../../errors.ts';
import { builtInCatalogue, familyCatalogue } from './catalogue.ts';

const tags = ['activities'];
const BUILT_IN_PATH = '/catalogue/builtin';
const ZNotModified = z
  .null()
  .describe('Not modified: the version named in If-None-Match is current');

/**
 * Marks the answer with its version (a strong ETag) and how it may be cached; true when the
 * request already holds that version (If-None-Match), which is then answered 304 with no body.
 */
function notModified(
  request: FastifyRequest,
  reply: FastifyReply,
  version: string,
  cacheControl: string,
): boolean {
  const etag = `"${version}"`;
  reply.header('etag', etag).header('cache-control', cacheControl);
  return fresh(request.headers, { etag });
}

/**
 * 304 with no body and no content type. Sent as nothing rather than the schema's null, which
 * would be serialized and labelled JSON (its bytes are dropped, its content type is not).
 */
function answerNotModified(reply: FastifyReply): FastifyReply {
  return reply.status(304).send();
}

/**
 * The catalogue a device keeps (DESIGN "Local-first", core's device-catalogue.ts): the family's
 * part, revalidated on every visit, and the built-in part at an address of its own version, kept
 * for good. See docs/architecture.md, Local-first, for why it comes in two parts.
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app;
  const builtInPath = `${app.prefix}${BUILT_IN_PATH}`;

  app.get(
    '/catalogue',
    {
      onRequest: app.accessTokens.authenticate,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "The family's own activities, the catalogue's version and its built-in part",
        description:
          'The ETag is the version: send it back in If-None-Match to get 304 while nothing ' +
          'changed. `builtIn.url` is the built-in part of this version (immutable).',
        response: { 200: ZFamilyCatalogue, 304: ZNotModified, 401: ZApiError },
      },
    },
    async (request, reply) => {
      const catalogue = await familyCatalogue(database.db, request.familyId, builtInPath);
      // The built-in part is the device's next request: its best compression (a second or two,
      // once per process) starts now rather than when it is asked for.
      const encoding = acceptedEncoding(request);
      if (encoding) void builtInCatalogue().answer.encode(encoding);
      // Revalidated on every visit, kept only by the device (it holds the family's data).
      if (notModified(request, reply, catalogue.version, 'private, no-cache')) {
        return answerNotModified(reply);
      }
      return catalogue;
    },
  );

  app.get(
    `${BUILT_IN_PATH}/:version`,
    {
      schema: {
        tags,
        summary: 'The built-in activities and the categories of one catalogue version (public)',
        description:
          'Immutable: a version is never answered with other content. An old version answers ' +
          '404; `GET /catalogue` names the current one.',
        params: z.object({ version: z.string().min(1).max(100) }),
        response: { 200: ZBuiltInCatalogue, 304: ZNotModified, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const { version, answer } = builtInCatalogue();
      if (request.params.version !== version) throw notFound('Catalogue version');
      // The same for everyone and never changed at this address: any cache may keep it for good.
      if (notModified(request, reply, version, 'public, max-age=31536000, immutable')) {
        return answerNotModified(reply);
      }
      return answer.send(request, reply);
    },
  );
};
