import { ZActivityInput } from '@kkb/core/activities/activity-input';
import { CATEGORIES } from '@kkb/core/activities/categories';
import { ZActivityList, ZActivityQuery } from '@kkb/core/activities/query';
import { ZRecommendationQuery, ZRecommendationsResponse } from '@kkb/core/activities/recommend';
import { ZActivity, ZCategory } from '@kkb/core/activities/schema';
import { ZApiError } from '@kkb/core/errors/api-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOwnActivity,
  getActivity,
  listActivities,
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
  const now = () => new Date().toISOString();
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

  app.post(
    '/activities',
    {
      onRequest,
      config: { permission: 'activities.edit' },
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
        querystring: ZRecommendationQuery,
        response: { 200: ZRecommendationsResponse, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const key = recommendationsCacheKey(
        request.familyId,
        await app.dataVersions.current(request.familyId),
        request.query,
      );
      // Serialized (and compressed) once, so that a hit skips that work too. The answer is built
      // by typed code from validated data (the catalogue, inputs checked when written), so it is
      // not parsed through the response schema again (a large share of an uncached answer's
      // time); it already is this route's 200 schema, serialized.
      const answer = await recommendationsCache.get(
        key,
        async () =>
          new CompressedAnswer(
            recommendationsJson(
              await recommendForUser(
                database.db,
                app.weather,
                request.familyId,
                request.query,
                now(),
              ),
            ),
          ),
      );
      return answer.send(request, reply);
    },
  );
};
