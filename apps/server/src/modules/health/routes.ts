import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealth, ZReadiness } from '@kkb/core/system';
import { ZApiError } from '@kkb/core/errors/api-error';
import { migrationState } from '../../db/migrate.ts';
import { AppError } from '../../errors.ts';
import { sql } from 'kysely';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database kind',
        response: { 200: ZHealth },
      },
    },
    async () => {
      await sql`select 1`.execute(app.database.db);
      return { status: 'ok' as const, database: app.database.kind, version: app.appVersion };
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers and every migration has run (503 otherwise)',
        response: { 200: ZReadiness, 503: ZApiError },
      },
    },
    async () => {
      const unavailable = (why: string) =>
        new AppError(503, 'SERVICE_UNAVAILABLE', `The database is not ready: ${why}`);
      let state;
      try {
        state = await migrationState(app.database.db);
      } catch {
        throw unavailable('it does not answer');
      }
      if (state.pending > 0) {
        const count = state.pending === 1 ? '1 migration has' : `${state.pending} migrations have`;
        throw unavailable(`${count} not run`);
      }
      return { status: 'ready' as const, database: app.database.kind, migrations: state.applied };
    },
  );
};
