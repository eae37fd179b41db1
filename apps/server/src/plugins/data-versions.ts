import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';

/**
 * A counter per family that moves on every successful write the family makes, whatever the
 * route and whichever member sends it, before the write is acknowledged (family-writes.ts).
 * Answers derived from the family's data (recommendations) are cached under it, so any change a
 * member makes is seen by the next request of every member.
 * On PostgreSQL it is `families.data_version`, so every server process on the database sees it;
 * SQLite is one process and keeps it in memory (no write per write).
 */
export interface DataVersions {
  current(familyId: string): Promise<number>;
  bump(...familyIds: string[]): Promise<void>;
}

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

/**
 * Reads of the version: each request must see every write acknowledged before it arrived (on any
 * process), so a read always goes to the database; but the reads of one turn of the event loop
 * (under load, many requests) share one query (`families` rows by id) instead of one each. A
 * read never joins a query already sent, so it cannot be answered from before its arrival.
 */
export function batchedVersionReads(
  load: (familyIds: string[]) => Promise<Map<string, number>>,
): (familyId: string) => Promise<number> {
  interface Waiter {
    resolve(version: number): void;
    reject(error: unknown): void;
  }
  let waiting = new Map<string, Waiter[]>();
  const send = (): void => {
    const batch = waiting;
    waiting = new Map();
    load([...batch.keys()]).then(
      (versions) => {
        for (const [familyId, waiters] of batch) {
          for (const waiter of waiters) waiter.resolve(versions.get(familyId) ?? 0);
        }
      },
      (error: unknown) => {
        for (const waiter of [...batch.values()].flat()) waiter.reject(error);
      },
    );
  };
  return (familyId) =>
    new Promise<number>((resolve, reject) => {
      if (waiting.size === 0) setImmediate(send);
      waiting.set(familyId, [...(waiting.get(familyId) ?? []), { resolve, reject }]);
    });
}

function databaseDataVersions({ db }: Pick<Database, 'db'>): DataVersions {
  return {
    current: batchedVersionReads(async (familyIds) => {
      const rows = await db
        .selectFrom('families')
        .select(['id', 'dataVersion'])
        .where('id', 'in', familyIds)
        .execute();
      return new Map(rows.map((row) => [row.id, row.dataVersion]));
    }),
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
  app.decorate(
    'dataVersions',
    app.database.kind === 'postgres' ? databaseDataVersions(app.database) : memoryDataVersions(),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    dataVersions: DataVersions;
  }
}
