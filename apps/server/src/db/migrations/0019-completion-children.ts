import { sql, type Kysely } from 'kysely';

/**
 * Issue 29: a completion records the children who played, not only the adult who logged it.
 * `activity_log_children` names them, one row per completion and child (the family's id beside
 * it, for per-child counts and so it goes with the family); a removed child's rows stay, as the
 * family's history. A family's record of an activity keeps the children of its latest completion
 * (`completed_child_ids`, JSON text) beside who logged it. Completions logged before name none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_log_children')
    .addColumn('activity_log_id', 'text', (c) =>
      c.notNull().references('activity_log.id').onDelete('cascade'),
    )
    .addColumn('family_id', 'text', (c) =>
      c.notNull().references('families.id').onDelete('cascade'),
    )
    .addColumn('child_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_log_children_pk', ['activity_log_id', 'child_id'])
    .execute();
  await db.schema
    .createIndex('activity_log_children_family_child_idx')
    .on('activity_log_children')
    .columns(['family_id', 'child_id'])
    .execute();
  await db.schema
    .alterTable('user_activities')
    .addColumn('completed_child_ids', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
    .execute();
}
