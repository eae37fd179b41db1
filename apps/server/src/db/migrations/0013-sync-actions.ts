import type { Kysely } from 'kysely';

/**
 * Issue 12: offline sync. One row per action a family's app has synced, applied or rejected, kept
 * for good: its (family, clientId) key is what makes each queued action apply at most once, ever.
 * The row is written in the same transaction as the action's change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sync_actions')
    .addColumn('family_id', 'text', (c) =>
      c.notNull().references('families.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // 'applied' | 'rejected'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_actions_pk', ['family_id', 'client_id'])
    .execute();
}
