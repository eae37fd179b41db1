import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';

/**
 * How many of the app's migrations have run, and how many have not, read straight from the
 * migrator's own table (the search path finds it in the app's schema).
 */
export async function migrationState(
  db: Kysely<DB>,
): Promise<{ applied: number; pending: number }> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const done = new Set(rows.map((row) => row.name));
  const names = Object.keys(migrations);
  const applied = names.filter((name) => done.has(name)).length;
  return { applied, pending: names.length - applied };
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
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema && { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
