import { sql, type Kysely } from 'kysely';

/**
 * Issue 28: a push subscription belongs to its user and endpoint. Until now the endpoint alone was
 * unique, so another user subscribing the same endpoint took the row over. Now each user has their
 * own row for it, unique on (user_id, endpoint), and a row records the device it came from
 * (`device`, "Chrome on Android"; existing rows are an unknown device).
 *
 * The table is rebuilt (new table, copy, drop, rename) because SQLite cannot drop a column's
 * UNIQUE constraint in place; PostgreSQL takes the same path so both end with one schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite's migrator runs without a transaction; one here makes the rebuild all or nothing.
  // PostgreSQL's migrator already runs each migration in one (and a transaction cannot nest).
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute((trx) => migrate(trx));
}

async function migrate(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('renewed_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('push_subscriptions_user_endpoint', ['user_id', 'endpoint'])
    .execute();
  await sql`insert into push_subscriptions_next
      (id, user_id, endpoint, p256dh, auth, device, created_at, renewed_at)
    select id, user_id, endpoint, p256dh, auth, 'Unknown device', created_at, renewed_at
    from push_subscriptions`.execute(db);
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.alterTable('push_subscriptions_next').renameTo('push_subscriptions').execute();
}
