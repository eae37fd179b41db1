import { ZActivityInput } from '@kkb/core/activities/activity-input';
import { CATEGORIES } from '@kkb/core/activities/categories';
import { ZActivityList, ZActivityQuery } from '@kkb/core/activities/query';
import { ZAgeCoverage } from '@kkb/core/activities/recommend';
import {
  compactRecommendations,
  ZRecommendationsAnswer,
  ZRecommendationsRequest,
} from '@kkb/core/activities/recommendations-view';
import { ZActivity, ZCategory } from '@kkb/core/activities/schema';
import { ZApiError } from '@kkb/core/errors/api-error';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityAges,
  createOwnActivity,
  getActivity,
  listActivities,
  ownActivityCatalogueFile,
  recommendForUser,
  removeOwnActivity,
  replaceOwnActivity,
} from './service.ts';
import { createRecommendationsCache, recommendationsCacheKey } from './recommendations-cache.ts';
import { recommendationsJson } from './recommendations-json.ts';
import { memberOf } from '../../plugins/family-access.ts';
import { CompressedAnswer } from '../../lib/compressed-answer.ts';

const tags = ['activities'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: z.string().min(1).max(80) });
const ZCategoryList = z.object({ categories: z.array(ZCategory) });

/** Browse, search and keep activities (built-in and the family's own), and recommendations. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app;
  const onRequest = app.accessTokens.authenticate;
  const now = () => app.clock.now().toISOString();
  const recommendationsCache = createRecommendationsCache();

  app.get(
    '/activities',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'Built-in and own activities, filtered (spec §5) and paged',
        querystring: ZActivityQuery,
        response: { 200: ZActivityList, 400: ZApiError, 401: ZApiError },
      },
    },
    (request) => listActivities(database.db, request.familyId, request.query),
  );

  app.get(
    '/activities/categories',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'The five activity categories',
        response: { 200: ZCategoryList, 401: ZApiError },
      },
    },
    () => ({ categories: [...CATEGORIES] }),
  );

  app.get(
    '/activities/ages',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary:
          "The youngest and oldest ages the family's activities are for (null when there are none)",
        response: { 200: ZAgeCoverage.nullable(), 401: ZApiError },
      },
    },
    (request) => activityAges(database.db, request.familyId),
  );

  app.get(
    '/activities/:id',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'One activity, built-in or own',
        params: ZIdParams,
        response: { 200: ZActivity, 401: ZApiError, 404: ZApiError },
      },
    },
    (request) => getActivity(database.db, request.familyId, request.params.id),
  );

  app.get(
    '/activities/:id/catalogue-file',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: "One of the family's own activities as a file of the built-in catalogue",
        description:
          'The JSON file `packages/core/catalogue/activities/<id>.json` would hold, as an ' +
          "attachment named so: its id from its title, the tags the catalogue's rules give, and " +
          'the practical fields (their defaults when the activity leaves them out). 422 says what ' +
          "the family must still fill or change for the catalogue's rules (instructions, tips, " +
          'safety tips, a title the catalogue already has…). A built-in activity is no own ' +
          'activity: 404.',
        params: ZIdParams,
        response: { 200: ZActivity, 401: ZApiError, 404: ZApiError, 422: ZApiError },
      },
    },
    async (request, reply) => {
      const { fileName, text } = await ownActivityCatalogueFile(
        database.db,
        request.familyId,
        request.params.id,
      );
      // Sent as written (the repository's formatting), not serialized again: the text is what
      // the typed reply would take as an activity.
      return (reply as FastifyReply)
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(text);
    },
  );

  app.post(
    '/activities',
    {
      onRequest,
      config: { permission: 'activities.edit', idempotent: true },
      schema: {
        tags,
        security,
        summary: "Add one of the family's own activities",
        body: ZActivityInput,
        response: { 201: ZActivity, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request, reply) => {
      const activity = await createOwnActivity(database, memberOf(request), request.body, now());
      return reply.status(201).send(activity);
    },
  );

  app.put(
    '/activities/:id',
    {
      onRequest,
      config: { permission: 'activities.edit' },
      schema: {
        tags,
        security,
        summary: "Replace one of the family's own activities",
        params: ZIdParams,
        body: ZActivityInput,
        response: {
          200: ZActivity,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    (request) =>
      replaceOwnActivity(database.db, request.familyId, request.params.id, request.body, now()),
  );

  app.delete(
    '/activities/:id',
    {
      onRequest,
      config: { permission: 'activities.edit' },
      schema: {
        tags,
        security,
        summary: "Delete one of the family's own activities (and the family's records of it)",
        params: ZIdParams,
        response: { 204: z.null(), 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await removeOwnActivity(database, memberOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/recommendations',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'The top 6 activities for the children, time, place, energy and weather (spec §9)',
        description:
          'The full form (the default) carries each activity whole; `view=compact` carries its ' +
          '`activityId` instead, for a device that holds the catalogue (`GET /catalogue`).',
        querystring: ZRecommendationsRequest,
        response: { 200: ZRecommendationsAnswer, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const { view, ...query } = request.query;
      const key = recommendationsCacheKey(
        request.familyId,
        await app.dataVersions.current(request.familyId),
        request.query,
      );
      // Serialized (and compressed) once, so that a hit skips that work too. The answer is built
      // by typed code from validated data (the catalogue, inputs checked when written), so it is
      // not parsed through the response schema again (a large share of an uncached answer's
      // time); it already is this route's 200 schema, serialized.
      const answer = await recommendationsCache.get(key, async () => {
        const result = await recommendForUser(
          database.db,
          app.weather,
          request.familyId,
          query,
          now(),
        );
        return new CompressedAnswer(
          view === 'compact'
            ? JSON.stringify(compactRecommendations(result))
            : recommendationsJson(result),
        );
      });
      return answer.send(request, reply);
    },
  );
};
