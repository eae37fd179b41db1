import { ZPageQuery } from '@kkb/core/activities/query';
import {
  ZUserActivity,
  ZUserActivityList,
  ZUserActivityMark,
  ZUserActivityStatusBody,
} from '@kkb/core/activities/user-activity';
import { ZApiError } from '@kkb/core/errors/api-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOf } from '../../plugins/family-access.ts';
import { listRecords, removeRecord, setMark, setStatus } from './service.ts';

const tags = ['user-activities'];
const security = [{ bearer: [] }];
const ZActivityIdParams = z.object({ activityId: z.string().min(1).max(80) });
const ZMarkParams = ZActivityIdParams.extend({ mark: ZUserActivityMark });

/**
 * The family's own list: favourites and tried activities (spec §3 User activity record). The
 * spec's §4 API sets one status per activity; the marks routes set favourite and tried
 * independently (a favourite stays a favourite once tried).
 */
export const userActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app;
  const onRequest = app.accessTokens.authenticate;
  const now = () => new Date().toISOString();

  app.get(
    '/user-activities',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: "The family's activity records, newest first",
        querystring: ZPageQuery,
        response: { 200: ZUserActivityList, 400: ZApiError, 401: ZApiError },
      },
    },
    (request) => listRecords(database, request.familyId, request.query),
  );

  app.put(
    '/user-activities/:activityId',
    {
      onRequest,
      config: { permission: 'user-activities.edit' },
      schema: {
        tags,
        security,
        summary: 'Mark an activity favourite or tried (a second add only changes the status)',
        params: ZActivityIdParams,
        body: ZUserActivityStatusBody,
        response: {
          200: ZUserActivity,
          201: ZUserActivity,
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const { record, created } = await setStatus(
        database,
        memberOf(request),
        request.params.activityId,
        request.body.status,
        now(),
      );
      return reply.status(created ? 201 : 200).send(record);
    },
  );

  app.put(
    '/user-activities/:activityId/:mark',
    {
      onRequest,
      config: { permission: 'user-activities.edit' },
      schema: {
        tags,
        security,
        summary: 'Mark an activity favourite or tried, keeping its other mark',
        params: ZMarkParams,
        response: { 200: ZUserActivity, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      const { activityId, mark } = request.params;
      const record = await setMark(database, memberOf(request), activityId, mark, true, now());
      if (!record) throw new Error('setting a mark always leaves a record');
      return record;
    },
  );

  app.delete(
    '/user-activities/:activityId/:mark',
    {
      onRequest,
      config: { permission: 'user-activities.edit' },
      schema: {
        tags,
        security,
        summary:
          'Clear the favourite or tried mark, keeping the other; with neither left the record goes',
        params: ZMarkParams,
        response: { 204: z.null(), 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const { activityId, mark } = request.params;
      await setMark(database, memberOf(request), activityId, mark, false, now());
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/user-activities/:activityId',
    {
      onRequest,
      config: { permission: 'user-activities.edit' },
      schema: {
        tags,
        security,
        summary: "Remove the family's record of an activity",
        params: ZActivityIdParams,
        response: { 204: z.null(), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await removeRecord(database.db, request.familyId, request.params.activityId);
      return reply.status(204).send(null);
    },
  );
};
