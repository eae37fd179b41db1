import { Migrator } from 'kysely/migration';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { createFamilyBefore0018 } from '../../test/legacy-family.ts';
import type { Executor } from '../database.ts';
import { migrations } from './index.ts';

const NOW = '2026-05-20T10:00:00.000Z';

let testDatabase: TestDatabase | undefined;
afterEach(async () => {
  await testDatabase?.close();
  testDatabase = undefined;
});

async function addUser(db: Executor, id: string, name: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id,
      name,
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

async function nameOf(db: Executor, id: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.name;
}

describe("migration 0018: each adult's own name", () => {
  it("a family of one's profile name becomes its owner's; shared families keep their members' own", async () => {
    testDatabase = await createTestDatabase();
    const { db, pgSchema } = testDatabase.database;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
      ...(pgSchema && { migrationTableSchema: pgSchema }),
    });
    expect((await migrator.migrateTo('0016-played-days')).error).toBeUndefined();

    const renameProfile = (familyId: string, displayName: string) =>
      sql`update profiles set display_name = ${displayName} where family_id = ${familyId}`.execute(
        db,
      );
    // Alone, and named herself "Mum" on the profile.
    await addUser(db, 'alone', 'Dana Levi');
    await renameProfile(
      await createFamilyBefore0018(db, { userId: 'alone', email: 'a@x', displayName: 'x' }, NOW),
      'Mum',
    );
    // Alone, never changed the profile's default name.
    await addUser(db, 'default', 'Omer');
    await renameProfile(
      await createFamilyBefore0018(db, { userId: 'default', email: 'd@x', displayName: 'x' }, NOW),
      'Family User',
    );
    // Shared: the co-parent's save overwrote the owner's name on the profile.
    await addUser(db, 'owner', 'Noa');
    await addUser(db, 'co-parent', 'Avi');
    const shared = await createFamilyBefore0018(
      db,
      { userId: 'owner', email: 'o@x', displayName: 'x' },
      NOW,
    );
    await db
      .insertInto('familyMembers')
      .values({ userId: 'co-parent', familyId: shared, role: 'parent', joinedAt: NOW })
      .execute();
    await renameProfile(shared, 'Avi');

    expect((await migrator.migrateTo('0018-accounts')).error).toBeUndefined();

    expect(await nameOf(db, 'alone')).toBe('Mum');
    expect(await nameOf(db, 'default')).toBe('Omer');
    expect(await nameOf(db, 'owner')).toBe('Noa');
    expect(await nameOf(db, 'co-parent')).toBe('Avi');
    // The profile names no member any more.
    const columns = Object.keys(
      (await sql<Record<string, unknown>>`select * from profiles`.execute(db)).rows[0] ?? {},
    );
    expect(columns).toContain('familyInfo');
    for (const gone of ['userId', 'email', 'displayName', 'lastLogin']) {
      expect(columns).not.toContain(gone);
    }
  });
});
