import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { migrations } from './index.ts';

let testDatabase: TestDatabase | undefined;
afterEach(async () => {
  await testDatabase?.close();
  testDatabase = undefined;
});

describe('migration 0007: favourite and tried become independent marks', () => {
  it('a favourite stays a favourite; a tried status or a completion is tried', async () => {
    testDatabase = await createTestDatabase();
    const { db, pgSchema } = testDatabase.database;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
      ...(pgSchema && { migrationTableSchema: pgSchema }),
    });
    const before = await migrator.migrateTo('0005-achievements');
    expect(before.error).toBeUndefined();

    const at = '2026-01-05T10:00:00.000Z';
    await sql`insert into users (id, name, email, password_hash, avatar_url, is_active,
      is_verified, created_at, updated_at) values ('u1', 'P', 'p@example.com', null, null, 1, 0,
      ${at}, ${at})`.execute(db);
    const rows: [string, string, string | null][] = [
      ['favourite', 'favorite', null],
      ['done-favourite', 'favorite', at],
      ['tried', 'tried', null],
      ['done', 'tried', at],
    ];
    for (const [id, status, completedAt] of rows) {
      await sql`insert into user_activities (id, user_id, activity_id, status, completed_at,
        created_at, updated_at) values (${id}, 'u1', ${id}, ${status}, ${completedAt}, ${at},
        ${at})`.execute(db);
    }

    const after = await migrator.migrateTo('0007-user-activity-marks');
    expect(after.error).toBeUndefined();

    const migrated = await db
      .selectFrom('userActivities')
      .select(['id', 'favorite', 'tried', 'completedAt', 'createdAt'])
      .orderBy('id')
      .execute();
    expect(migrated).toEqual([
      { id: 'done', favorite: 0, tried: 1, completedAt: at, createdAt: at },
      { id: 'done-favourite', favorite: 1, tried: 1, completedAt: at, createdAt: at },
      { id: 'favourite', favorite: 1, tried: 0, completedAt: null, createdAt: at },
      { id: 'tried', favorite: 0, tried: 1, completedAt: null, createdAt: at },
    ]);
  });
});
