import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
function migratorFor(db: Kysely<any>, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema && { migrationTableSchema: schema }),
  });
}

/** How many of the app's migrations have run, and how many have not. */
export async function migrationState(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
  db: Kysely<any>,
  schema?: string,
): Promise<{ applied: number; pending: number }> {
  const all = await migratorFor(db, schema).getMigrations();
  const applied = all.filter((m) => m.executedAt !== undefined).length;
  return { applied, pending: all.length - applied };
}

/**
 * Brings the schema up to date; throws with the failing migration's error. `schema` keeps the
 * migrator's own bookkeeping tables in the app's PostgreSQL schema: without it Kysely looks them
 * up across every schema on the search path and races with other schemas being migrated.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
  db: Kysely<any>,
  schema?: string,
): Promise<void> {
  const { error, results } = await migratorFor(db, schema).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
