import { sql, type Kysely } from 'kysely';

/** The spec's default display name (core family/defaults.ts), as it stood in profiles. */
const DEFAULT_DISPLAY_NAME = 'Family User';

/**
 * Issue 29, accounts.
 *
 * `login_failures`: the failed sign-ins of each account at each address (hashed), from which
 * core's lockout rule makes the next attempt wait; PostgreSQL only uses it (SQLite, one process,
 * keeps them in memory), the table exists on both so the schema stays one.
 *
 * Each adult's own name: the profile's `display_name` was the family's, so a co-parent who saved
 * his name overwrote the owner's. A member's name is now their account's (`users.name`), and the
 * profile's member fields (uid, e-mail, name, last sign-in) are each reader's own, so its
 * `user_id`, `email`, `display_name` and `last_login` columns go. A family of one whose profile
 * was given a name of its own (not the default) has that name become its owner's: only they can
 * have set it. In a shared family anyone may have, so every member keeps the name they signed
 * up with.
 *
 * `idempotency_keys`: the `Idempotency-Key` of each create a user sent in the last 24 hours, with
 * its first answer (encrypted with a key derived from the idempotency key, which is stored only
 * as a hash), so that the same create sent again is answered, not done, twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite's migrator runs without a transaction; one here makes it all or nothing.
  // PostgreSQL's migrator already runs each migration in one (and a transaction cannot nest).
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute((trx) => migrate(trx));
}

async function migrate(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('account_hash', 'text', (c) => c.notNull())
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_failures_pk', ['account_hash', 'ip_hash'])
    .execute();
  // Forgotten failures are swept by the time of the last one.
  await db.schema
    .createIndex('login_failures_last_failure_at')
    .on('login_failures')
    .column('last_failure_at')
    .execute();

  const { rows: named } = await sql<{ userId: string; displayName: string }>`
    select m.user_id as "userId", p.display_name as "displayName"
    from profiles p
    join family_members m on m.family_id = p.family_id and m.role = 'owner'
    where (select count(*) from family_members o where o.family_id = p.family_id) = 1`.execute(db);
  const now = new Date().toISOString();
  for (const { userId, displayName } of named) {
    const name = displayName.trim();
    if (name === '' || name === DEFAULT_DISPLAY_NAME) continue;
    await sql`update users set name = ${name.slice(0, 100)}, updated_at = ${now}
      where id = ${userId} and name <> ${name}`.execute(db);
  }
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key_hash'])
    .execute();
  // Keys whose 24 hours are over are swept by their end.
  await db.schema
    .createIndex('idempotency_keys_expires_at')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();

  // One column at a time: SQLite drops one per statement.
  for (const column of ['user_id', 'email', 'display_name', 'last_login']) {
    await db.schema.alterTable('profiles').dropColumn(column).execute();
  }
}
