import { DEFAULT_NOTIFICATION_PREFERENCES } from '@kkb/core/notifications/schema';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { getPreferences } from '../../modules/notifications/service.ts';
import { createFamilyBefore0018 } from '../../test/legacy-family.ts';
import type { Executor } from '../database.ts';
import { migrations } from './index.ts';

const NOW = '2026-03-01T10:00:00.000Z';

let testDatabase: TestDatabase | undefined;
afterEach(async () => {
  await testDatabase?.close();
  testDatabase = undefined;
});

async function addUser(db: Executor, id: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id,
      name: id,
      email: `${id}@example.com`,
      passwordHash: null,
      avatarUrl: null,
      isActive: 1,
      isVerified: 0,
      createdAt: NOW,
      updatedAt: NOW,
      lastLoginAt: null,
    })
    .execute();
}

describe('migration 0010: the profile’s notification switches become each member’s preferences', () => {
  it('a family that switched one off keeps it off for every member; others get the defaults', async () => {
    testDatabase = await createTestDatabase();
    const { db, pgSchema } = testDatabase.database;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
      ...(pgSchema && { migrationTableSchema: pgSchema }),
    });
    expect((await migrator.migrateTo('0009-animations')).error).toBeUndefined();

    for (const id of ['quiet-owner', 'quiet-parent', 'loud-owner']) await addUser(db, id);
    const founder = (userId: string) => ({
      userId,
      email: `${userId}@example.com`,
      displayName: userId,
    });
    const quietFamily = await createFamilyBefore0018(db, founder('quiet-owner'), NOW);
    await createFamilyBefore0018(db, founder('loud-owner'), NOW);
    await db
      .insertInto('familyMembers')
      .values({ userId: 'quiet-parent', familyId: quietFamily, role: 'parent', joinedAt: NOW })
      .execute();
    const profile = await db
      .selectFrom('profiles')
      .select('preferences')
      .where('familyId', '=', quietFamily)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('profiles')
      .set({
        preferences: JSON.stringify({
          ...JSON.parse(profile.preferences),
          weatherAlerts: false,
          activityReminders: false,
        }),
      })
      .where('familyId', '=', quietFamily)
      .execute();

    expect((await migrator.migrateTo('0010-notifications')).error).toBeUndefined();

    const quiet = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      weatherAlerts: false,
      activityReminders: false,
    };
    expect(await getPreferences(db, 'quiet-owner')).toEqual(quiet);
    expect(await getPreferences(db, 'quiet-parent')).toEqual(quiet);
    expect(await getPreferences(db, 'loud-owner')).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const stored = await db.selectFrom('notificationPreferences').select('userId').execute();
    expect(stored.map((row) => row.userId).sort()).toEqual(['quiet-owner', 'quiet-parent']);
  });
});
