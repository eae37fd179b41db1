import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import type { Executor } from '../database.ts';
import { migrations } from './index.ts';

const NOW = '2026-11-20T10:00:00.000Z';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/shared-device';

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

const subscriptionRow = (id: string, userId: string, endpoint: string) => ({
  id,
  userId,
  endpoint,
  p256dh: `p256dh-${id}`,
  auth: `auth-${id}`,
  device: 'Chrome on Android',
  createdAt: NOW,
  renewedAt: NOW,
});

describe('migration 0017: push subscriptions are owned by (user, endpoint) (issue 28)', () => {
  it('keeps every subscription; afterwards two users may hold one endpoint, one user only once', async () => {
    testDatabase = await createTestDatabase();
    const { db, pgSchema } = testDatabase.database;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
      ...(pgSchema && { migrationTableSchema: pgSchema }),
    });
    expect((await migrator.migrateTo('0016-played-days')).error).toBeUndefined();

    for (const id of ['ann', 'bob']) await addUser(db, id);
    // As 0014 made them: one row per endpoint, no device.
    for (const [id, userId, endpoint] of [
      ['s1', 'ann', ENDPOINT],
      ['s2', 'bob', 'https://updates.push.services.mozilla.com/wpush/v2/bob'],
    ]) {
      await sql`insert into push_subscriptions
          (id, user_id, endpoint, p256dh, auth, created_at, renewed_at)
        values (${id}, ${userId}, ${endpoint}, ${'p256dh-' + id}, ${'auth-' + id}, ${NOW}, ${NOW})`.execute(
        db,
      );
    }
    await expect(
      sql`insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, renewed_at)
        values ('s3', 'bob', ${ENDPOINT}, 'k', 'a', ${NOW}, ${NOW})`.execute(db),
    ).rejects.toThrow();

    expect((await migrator.migrateTo('0017-push-subscription-owners')).error).toBeUndefined();

    const kept = await db.selectFrom('pushSubscriptions').selectAll().orderBy('id').execute();
    expect(kept).toEqual([
      {
        id: 's1',
        userId: 'ann',
        endpoint: ENDPOINT,
        p256dh: 'p256dh-s1',
        auth: 'auth-s1',
        device: 'Unknown device',
        createdAt: NOW,
        renewedAt: NOW,
      },
      expect.objectContaining({ id: 's2', userId: 'bob', device: 'Unknown device' }),
    ]);

    // Bob may now subscribe the endpoint Ann has; Ann may not have it twice.
    await db
      .insertInto('pushSubscriptions')
      .values(subscriptionRow('s3', 'bob', ENDPOINT))
      .execute();
    await expect(
      db
        .insertInto('pushSubscriptions')
        .values(subscriptionRow('s4', 'ann', ENDPOINT))
        .execute(),
    ).rejects.toThrow();
    // The rows still go with their user.
    await db.deleteFrom('users').where('id', '=', 'ann').execute();
    const left = await db.selectFrom('pushSubscriptions').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['s2', 's3']);
  });
});
