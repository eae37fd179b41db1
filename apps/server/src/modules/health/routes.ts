import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealth } from '@kkb/core/system';
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
};
