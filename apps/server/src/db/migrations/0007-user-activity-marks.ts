import { sql, type Kysely } from 'kysely';

/**
 * Favourite and tried become two independent marks (a favourite stays a favourite once done).
 * Existing records: a 'favorite' status is a favourite; a 'tried' status, or a record with a
 * completion, is tried. The single status is derived from the marks from now on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_activities')
    .addColumn('favorite', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('user_activities')
    .addColumn('tried', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update user_activities set
      favorite = case when status = 'favorite' then 1 else 0 end,
      tried = case when status = 'tried' or completed_at is not null then 1 else 0 end
  `.execute(db);
  await db.schema.alterTable('user_activities').dropColumn('status').execute();
}
