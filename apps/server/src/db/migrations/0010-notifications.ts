import { sql, type Kysely } from 'kysely';

/**
 * Issue 11: notifications and their preferences, both the user's own (DESIGN: they belong to the
 * user, not the family), so they go with the user.
 *
 * Until now the profile's `notifications`, `weatherAlerts` and `activityReminders` switches were
 * the family's; they become each user's notification preferences. A family that had switched one
 * off keeps it off for every member: those members get a preferences row naming the switches
 * (the rest of their preferences read as the defaults).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_id_created_at_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('preferences', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  const { rows } = await sql<{ member: string; prefs: string }>`
    select m.user_id as member, p.preferences as prefs
    from profiles p join family_members m on m.family_id = p.family_id`.execute(db);
  const now = new Date().toISOString();
  for (const { member, prefs } of rows) {
    const switches = JSON.parse(prefs) as Record<string, unknown>;
    const carried = {
      enabled: switches.notifications,
      weatherAlerts: switches.weatherAlerts,
      activityReminders: switches.activityReminders,
    };
    if (Object.values(carried).every((value) => value !== false)) continue;
    await sql`insert into notification_preferences (user_id, preferences, updated_at)
      values (${member}, ${JSON.stringify(carried)}, ${now})`.execute(db);
  }
}
