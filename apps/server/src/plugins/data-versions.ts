import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';

/**
 * A counter per family that moves on every successful write the family makes, whatever the
 * route and whichever member sends it. Answers derived from the family's data (recommendations)
 * are cached under it, so any change a member makes is seen by the next request of every member.
 * On PostgreSQL it is `families.data_version`, so every server process on the database sees it;
 * SQLite is one process and keeps it in memory (no write per write).
 */
export interface DataVersions {
  current(familyId: string): Promise<number>;
  bump(...familyIds: string[]): Promise<void>;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function memoryDataVersions(): DataVersions {
  const versions = new Map<string, number>();
  return {
    current: (familyId) => Promise.resolve(versions.get(familyId) ?? 0),
    bump(...familyIds) {
      for (const familyId of familyIds) versions.set(familyId, (versions.get(familyId) ?? 0) + 1);
      return Promise.resolve();
    },
  };
}

function databaseDataVersions({ db }: Pick<Database, 'db'>): DataVersions {
  return {
    async current(familyId) {
      const row = await db
        .selectFrom('families')
        .select('dataVersion')
        .where('id', '=', familyId)
        .executeTakeFirst();
      return row?.dataVersion ?? 0;
    },
    async bump(...familyIds) {
      // One statement per family: each locks one row only, so two bumps cannot deadlock.
      for (const familyId of familyIds) {
        await db
          .updateTable('families')
          .set((eb) => ({ dataVersion: eb('dataVersion', '+', 1) }))
          .where('id', '=', familyId)
          .execute();
      }
    },
  };
}

export function registerDataVersions(app: FastifyInstance): void {
  const dataVersions =
    app.database.kind === 'postgres' ? databaseDataVersions(app.database) : memoryDataVersions();
  app.decorate('dataVersions', dataVersions);
  // onSend runs before the answer leaves, so a client never sees its write acknowledged while
  // the old version still stands (on any process).
  app.addHook('onSend', async (request, reply) => {
    if (!READS.has(request.method) && reply.statusCode < 400 && request.familyId) {
      await dataVersions.bump(request.familyId);
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    dataVersions: DataVersions;
  }
}
