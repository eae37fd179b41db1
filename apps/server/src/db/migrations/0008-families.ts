import { sql, type Kysely } from 'kysely';

/**
 * Issue 10: a family, not an account. Adds families, their members and invitations, and keys
 * every family-owned table by `family_id` instead of `user_id`.
 *
 * Every existing user becomes the owner of a family of their own whose id is their user id, so
 * their rows move over by copying `user_id` into `family_id` and nothing is lost. The owned tables
 * are rebuilt (new table, copy, drop, rename) because SQLite can neither drop the old
 * `user_id → users` cascade nor change a primary key in place; PostgreSQL takes the same path so
 * both end with one schema. Where a record names who acted, `user_id` (user activities) or
 * `completed_by` (the activity log) keeps the user, without a foreign key: a member who leaves or
 * is deleted does not take the family's history along.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite's migrator runs without a transaction; one here makes the rebuild all or nothing.
  // PostgreSQL's migrator already runs each migration in one (and a transaction cannot nest).
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute((trx) => migrate(trx));
}

async function migrate(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('families')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('family_members')
    // One family per user.
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) =>
      c.notNull().references('families.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('family_members_family_id_idx')
    .on('family_members')
    .columns(['family_id', 'joined_at'])
    .execute();
  await db.schema
    .createTable('family_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) =>
      c.notNull().references('families.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'text')
    .execute();
  await db.schema
    .createIndex('family_invites_family_id_idx')
    .on('family_invites')
    .column('family_id')
    .execute();

  await sql`insert into families (id, created_at) select id, created_at from users`.execute(db);
  await sql`insert into family_members (user_id, family_id, role, joined_at)
    select id, id, 'owner', created_at from users`.execute(db);

  await rebuild(db, 'profiles', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('family_id', 'text', (c) =>
        c.notNull().references('families.id').onDelete('cascade'),
      )
      // Who created the family: the profile document's `uid` and `email`.
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('photo_url', 'text', (c) => c.notNull())
      .addColumn('family_info', 'text', (c) => c.notNull())
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('preferences', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('last_login', 'text')
      .addPrimaryKeyConstraint('profiles_family_pk', ['family_id'])
      .execute();
    await sql`insert into ${sql.table(name)} (family_id, user_id, email, display_name, photo_url,
        family_info, location, preferences, created_at, updated_at, last_login)
      select user_id, user_id, email, display_name, photo_url, family_info, location, preferences,
        created_at, updated_at, last_login from profiles`.execute(db);
  });

  await rebuild(db, 'children', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('family_id', 'text', (c) =>
        c.notNull().references('families.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('age', 'integer', (c) => c.notNull())
      .addColumn('interests', 'text', (c) => c.notNull())
      .addColumn('avatar', 'text')
      .addColumn('age_range_min', 'integer', (c) => c.notNull())
      .addColumn('age_range_max', 'integer', (c) => c.notNull())
      .addColumn('preferences', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('children_family_pk', ['id'])
      .execute();
    await sql`insert into ${sql.table(name)} (id, family_id, position, name, age, interests, avatar,
        age_range_min, age_range_max, preferences, created_at, updated_at)
      select id, user_id, position, name, age, interests, avatar, age_range_min, age_range_max,
        preferences, created_at, updated_at from children`.execute(db);
  });
  await db.schema
    .createIndex('children_family_id_position')
    .on('children')
    .columns(['family_id', 'position'])
    .execute();

  await rebuild(db, 'progress', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('family_id', 'text', (c) =>
        c.notNull().references('families.id').onDelete('cascade'),
      )
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('progress_family_pk', ['family_id'])
      .execute();
    await sql`insert into ${sql.table(name)} (family_id, data, updated_at)
      select user_id, data, updated_at from progress`.execute(db);
  });

  await rebuild(db, 'files', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('family_id', 'text', (c) =>
        c.notNull().references('families.id').onDelete('cascade'),
      )
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('storage_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('download_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('files_family_pk', ['id'])
      .addUniqueConstraint('files_download_token_unique', ['download_token'])
      .addUniqueConstraint('files_family_id_path', ['family_id', 'path'])
      .execute();
    // The bytes stay where they are: DATA_DIR/files/<id> with the family id equal to the user id.
    await sql`insert into ${sql.table(name)} (id, family_id, path, storage_name, content_type, size,
        download_token, created_at)
      select id, user_id, path, storage_name, content_type, size, download_token, created_at
      from files`.execute(db);
  });

  await rebuild(db, 'custom_activities', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('family_id', 'text', (c) =>
        c.notNull().references('families.id').onDelete('cascade'),
      )
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('custom_activities_family_pk', ['id'])
      .execute();
    await sql`insert into ${sql.table(name)} (id, family_id, data, created_at, updated_at)
      select id, user_id, data, created_at, updated_at from custom_activities`.execute(db);
  });
  await db.schema
    .createIndex('custom_activities_family_id_idx')
    .on('custom_activities')
    .columns(['family_id', 'created_at'])
    .execute();

  await rebuild(db, 'user_activities', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('family_id', 'text', (c) =>
        c.notNull().references('families.id').onDelete('cascade'),
      )
      // The member who last changed the record.
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('activity_id', 'text', (c) => c.notNull())
      .addColumn('favorite', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tried', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_at', 'text')
      .addColumn('completed_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_activities_family_pk', ['id'])
      .addUniqueConstraint('user_activities_family_activity_unique', ['family_id', 'activity_id'])
      .execute();
    await sql`insert into ${sql.table(name)} (id, family_id, user_id, activity_id, favorite,
        tried, completed_at, completed_by, created_at, updated_at)
      select id, user_id, user_id, activity_id, favorite, tried, completed_at,
        case when completed_at is null then null else user_id end, created_at, updated_at
      from user_activities`.execute(db);
  });
  await db.schema
    .createIndex('user_activities_family_id_idx')
    .on('user_activities')
    .columns(['family_id', 'created_at'])
    .execute();

  await rebuild(db, 'activity_log', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('family_id', 'text', (c) =>
        c.notNull().references('families.id').onDelete('cascade'),
      )
      .addColumn('completed_by', 'text', (c) => c.notNull())
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
      .addPrimaryKeyConstraint('activity_log_family_pk', ['id'])
      // A clientId is one completion per family; NULLs (no clientId) never collide.
      .addUniqueConstraint('activity_log_family_client_unique', ['family_id', 'client_id'])
      .execute();
    await sql`insert into ${sql.table(name)} (id, family_id, completed_by, activity_id, client_id,
        minutes, completed_at, local_day, category, location, weather, created_at, response)
      select id, user_id, user_id, activity_id, client_id, minutes, completed_at, local_day,
        category, location, weather, created_at, response from activity_log`.execute(db);
  });
  await db.schema
    .createIndex('activity_log_family_completed_idx')
    .on('activity_log')
    .columns(['family_id', 'completed_at'])
    .execute();

  await rebuild(db, 'achievements', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('family_id', 'text', (c) =>
        c.notNull().references('families.id').onDelete('cascade'),
      )
      .addColumn('achievement_id', 'text', (c) => c.notNull())
      .addColumn('unlocked_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('achievements_family_pk', ['family_id', 'achievement_id'])
      .execute();
    await sql`insert into ${sql.table(name)} (family_id, achievement_id, unlocked_at)
      select user_id, achievement_id, unlocked_at from achievements`.execute(db);
  });

  await rebuild(db, 'stats', async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('family_id', 'text', (c) =>
        c.notNull().references('families.id').onDelete('cascade'),
      )
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('stats_family_pk', ['family_id'])
      .execute();
    await sql`insert into ${sql.table(name)} (family_id, state, updated_at)
      select user_id, state, updated_at from stats`.execute(db);
  });
}

/**
 * Replaces `table` by a new one: `create(name)` makes `<table>_next` and copies the rows into it,
 * then the old table goes and the new one takes its name (its indexes are created afterwards).
 */
async function rebuild(
  db: Kysely<unknown>,
  table: string,
  create: (name: string) => Promise<void>,
): Promise<void> {
  const next = `${table}_next`;
  await create(next);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(next).renameTo(table).execute();
}
