import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('activity_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('completed_at', 'text', (c) => c.notNull())
    .addColumn('local_day', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('weather', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    // A clientId is one completion per family; NULLs (no clientId) never collide.
    .addUniqueConstraint('activity_log_user_client_unique', ['user_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('activity_log_user_completed_idx')
    .on('activity_log')
    .columns(['user_id', 'completed_at'])
    .execute();

  await db.schema
    .createTable('achievements')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('achievement_id', 'text', (c) => c.notNull())
    .addColumn('unlocked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('achievements_pk', ['user_id', 'achievement_id'])
    .execute();

  await db.schema
    .createTable('stats')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
