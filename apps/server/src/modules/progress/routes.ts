import { ZApiError } from '@kkb/core/errors/api-error';
import { ZProgress, ZProgressFields } from '@kkb/core/family/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProgress, updateProgress } from './service.ts';
import { memberOf } from '../../plugins/family-access.ts';

const tags = ['progress'];
const security = [{ bearer: [] }];

/** Free progress fields of the family (spec §3 Progress). */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app;
  const onRequest = app.accessTokens.authenticate;

  app.get(
    '/progress',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'The free progress fields and when they last changed (null: never)',
        response: { 200: ZProgress, 401: ZApiError },
      },
    },
    (request) => getProgress(database.db, request.familyId),
  );

  app.put(
    '/progress',
    {
      onRequest,
      config: { permission: 'progress.edit' },
      schema: {
        tags,
        security,
        summary: 'Merge top-level free fields into the progress (at most 64 KB in all)',
        body: ZProgressFields,
        response: { 200: ZProgress, 400: ZApiError, 401: ZApiError },
      },
    },
    (request) =>
      updateProgress(database, memberOf(request), request.body, new Date().toISOString()),
  );
};
