import {
  ZAchievementList,
  ZCompleteActivityBody,
  ZCompletionResult,
  ZFamilyStats,
} from '@kkb/core/achievements/schema';
import { ZSkillPlay, ZSkillPlayQuery } from '@kkb/core/achievements/skill-play';
import { RECENT_PLAY_HOURS, ZRecentPlay } from '@kkb/core/activities/recent-play';
import { ZApiError } from '@kkb/core/errors/api-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { achievementNotifier } from '../notifications/creators.ts';
import {
  completeActivity,
  getAchievements,
  getRecentPlay,
  getSkillPlay,
  getStats,
} from './service.ts';

const tags = ['achievements'];
const security = [{ bearer: [] }];

const ZActivityIdParams = z.object({ id: z.string().min(1).max(80) });

/** Completions, family stats and achievements (spec §3 Achievement, Family stats; §4). */
export const achievementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app;
  const onRequest = app.accessTokens.authenticate;

  app.post(
    '/activities/:id/complete',
    {
      onRequest,
      config: { permission: 'activities.complete', idempotent: true },
      schema: {
        tags,
        security,
        summary: 'Log a completed activity: stats, streak and newly unlocked achievements',
        params: ZActivityIdParams,
        // A POST without a body (Fastify passes null) is a completion now, for the activity's duration.
        body: ZCompleteActivityBody.nullable(),
        response: { 200: ZCompletionResult, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      const notifier = achievementNotifier(app, request.familyId);
      const result = await completeActivity(
        database,
        app.weather,
        { familyId: request.familyId, userId: request.userId },
        request.params.id,
        request.body ?? {},
        app.clock.now(),
        notifier.onUnlocked,
      );
      // Only now, with the completion committed, may the members' apps fetch them.
      notifier.announce();
      return result;
    },
  );

  app.get(
    '/stats',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: "The family's stats",
        response: { 200: ZFamilyStats, 401: ZApiError },
      },
    },
    (request) => getStats(database.db, request.familyId),
  );

  app.get(
    '/stats/skills',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: "Each child's play by skill area, week by week",
        description:
          "The last `weeks` weeks of seven days (the last ends today in the family's timezone), " +
          "and for each of the family's children the completions that named them in each week, " +
          'with how many exercised each skill area. An activity counts in each of its skills; a ' +
          "family's own activity only in those the family chose (without them it counts in " +
          '`activities` alone).',
        querystring: ZSkillPlayQuery,
        response: { 200: ZSkillPlay, 400: ZApiError, 401: ZApiError },
      },
    },
    (request) => getSkillPlay(database.db, request.familyId, request.query, app.clock.now()),
  );

  app.get(
    '/stats/recent-play',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'The completions the suggestions read, with the children who played',
        description:
          `The family's completions of the last ${RECENT_PLAY_HOURS} hours (since \`since\`), ` +
          'oldest first, each with the children it named: what the ranking of ' +
          '`GET /recommendations` reads of recent play, so a device that holds the catalogue ' +
          'ranks as the server does.',
        response: { 200: ZRecentPlay, 401: ZApiError },
      },
    },
    (request) => getRecentPlay(database.db, request.familyId, app.clock.now()),
  );

  app.get(
    '/achievements',
    {
      onRequest,
      config: { permission: 'family.read' },
      schema: {
        tags,
        security,
        summary: 'Every achievement with its progress, unlocked ones newest first',
        response: { 200: ZAchievementList, 401: ZApiError },
      },
    },
    async (request) => ({ achievements: await getAchievements(database.db, request.familyId) }),
  );
};
