import type { Kysely } from 'kysely';

/**
 * Issue 18, several server processes on one PostgreSQL. `rate_limits`: one fixed-window counter
 * per key (a SHA-256 of the limit's name and what it counts, so no address is stored), shared by
 * every process. `families.data_version`: moves on every write of the family, so each process
 * knows when its cached recommendations are out of date. SQLite (one process) keeps both in
 * memory, faster; the table and the column exist there too, so the schema stays one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'text', (c) => c.notNull())
    .execute();
  // Expired windows are swept by their end.
  await db.schema
    .createIndex('rate_limits_reset_at')
    .on('rate_limits')
    .column('reset_at')
    .execute();
  await db.schema
    .alterTable('families')
    .addColumn('data_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
