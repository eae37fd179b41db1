import { ZApiError } from '@kkb/core/errors/api-error';
import { ZSyncRequest, ZSyncResponse } from '@kkb/core/sync/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf } from '../../plugins/family-access.ts';
import { achievementNotifier } from '../notifications/creators.ts';
import { syncActions } from './service.ts';

/** Offline sync (DESIGN, Sync; spec §4 Connectivity): the app's queue, sent once back online. */
export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app;

  app.post(
    '/sync',
    {
      onRequest: app.accessTokens.authenticate,
      // Every member may sync; each action is checked against what its kind does
      // (core SYNC_ACTION_PERMISSIONS) and a refused one is answered `rejected`.
      config: { permission: 'family.read' },
      schema: {
        tags: ['sync'],
        security: [{ bearer: [] }],
        summary:
          'Apply queued offline actions in order, each at most once per family (by clientId): one result per action',
        body: ZSyncRequest,
        response: { 200: ZSyncResponse, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      const notifier = achievementNotifier(app, request.familyId);
      const results = await syncActions(
        {
          database,
          weather: app.weather,
          member: memberOf(request),
          role: request.role,
          log: request.log,
          onUnlocked: notifier.onUnlocked,
        },
        request.body.actions,
      );
      notifier.announce();
      return { results };
    },
  );
};
