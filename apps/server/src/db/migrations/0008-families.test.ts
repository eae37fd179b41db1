import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/test-app.ts';
import { createDatabase, type Database } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { migrations } from './index.ts';

const NOW = '2026-03-01T10:00:00.000Z';
/** The progress after the one completion below, as the code of that time stored it. */
const STORED_PROGRESS = {
  totalActivities: 1,
  totalTimeSpent: 25,
  currentStreak: 1,
  longestStreak: 1,
  lastActivityDate: '2026-03-01',
  activitiesDone: ['cardboard-box-castle'],
  categoriesTried: ['creative-arts'],
  rainyOutdoorActivities: 0,
  earlyActivities: 0,
  weekendActivities: 1,
  unlocked: ['first-activity'],
};

/** A database of its own (SQLite file, or a fresh PostgreSQL schema), nothing migrated yet. */
async function scratchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kkb-migration-'));
  const databaseUrl = testDatabaseKind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const pgSchema = databaseUrl ? `m_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  if (pgSchema) await admin(`create schema ${pgSchema}`);
  const database = createDatabase({ dataDir, databaseUrl, ...(pgSchema && { pgSchema }) });
  return {
    database,
    async drop() {
      await database.destroy();
      if (pgSchema) await admin(`drop schema ${pgSchema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Everything one user had before families, written at the 0007 schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of 0007, not today's DB type
async function seedUser(db: Kysely<any>, userId: string, email: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: userId,
      name: `Name of ${userId}`,
      email,
      passwordHash: null,
      avatarUrl: null,
      isActive: 1,
      isVerified: 1,
      createdAt: NOW,
      updatedAt: NOW,
      lastLoginAt: null,
      tokensValidAfter: null,
    })
    .execute();
  await db
    .insertInto('profiles')
    .values({
      userId,
      email,
      displayName: `Display ${userId}`,
      photoUrl: '/placeholder-avatar.svg',
      familyInfo: JSON.stringify({ familyName: `Family ${userId}`, location: '', timezone: 'UTC' }),
      location: JSON.stringify({ city: 'Haifa', state: '', country: '', lat: null, lon: null }),
      preferences: JSON.stringify({ units: 'metric' }),
      createdAt: NOW,
      updatedAt: NOW,
      lastLogin: NOW,
    })
    .execute();
  for (const position of [0, 1]) {
    await db
      .insertInto('children')
      .values({
        id: `${userId}-child-${position}`,
        userId,
        position,
        name: `Child ${position}`,
        age: 4 + position,
        interests: '["art"]',
        avatar: null,
        ageRangeMin: 4,
        ageRangeMax: 6,
        preferences: '{}',
        createdAt: NOW,
        updatedAt: NOW,
      })
      .execute();
  }
  await db.insertInto('progress').values({ userId, data: '{"level":3}', updatedAt: NOW }).execute();
  await db
    .insertInto('files')
    .values({
      id: `${userId}-file`,
      userId,
      path: 'avatars/a.png',
      storageName: 'abc',
      contentType: 'image/png',
      size: 10,
      downloadToken: `${userId}-token`,
      createdAt: NOW,
    })
    .execute();
  await db
    .insertInto('customActivities')
    .values({
      id: `own-${userId}`,
      userId,
      data: '{"title":"Ours"}',
      createdAt: NOW,
      updatedAt: NOW,
    })
    .execute();
  await db
    .insertInto('userActivities')
    .values([
      {
        id: `${userId}-ua-1`,
        userId,
        activityId: 'cardboard-box-castle',
        favorite: 0,
        tried: 1,
        completedAt: NOW,
        createdAt: NOW,
        updatedAt: NOW,
      },
      {
        id: `${userId}-ua-2`,
        userId,
        activityId: 'nature-scavenger-hunt',
        favorite: 1,
        tried: 0,
        completedAt: null,
        createdAt: NOW,
        updatedAt: NOW,
      },
      {
        id: `${userId}-ua-3`,
        userId,
        activityId: 'shadow-stomping',
        favorite: 1,
        tried: 1,
        completedAt: null,
        createdAt: NOW,
        updatedAt: NOW,
      },
    ])
    .execute();
  await db
    .insertInto('activityLog')
    .values({
      id: `${userId}-log`,
      userId,
      activityId: 'cardboard-box-castle',
      clientId: 'client-1',
      minutes: 25,
      completedAt: NOW,
      localDay: '2026-03-01',
      category: 'creative-arts',
      location: 'indoor',
      weather: null,
      createdAt: NOW,
      response: '{}',
    })
    .execute();
  await db
    .insertInto('achievements')
    .values({ userId, achievementId: 'first-activity', unlockedAt: NOW })
    .execute();
  await db
    .insertInto('stats')
    .values({ userId, state: JSON.stringify(STORED_PROGRESS), updatedAt: NOW })
    .execute();
}

/** Issue 10: the families migration keeps every record of every user, now under their family. */
describe('migration 0008-families', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  const users = ['user-a', 'user-b'];

  beforeAll(async () => {
    scratch = await scratchDatabase();
    const { db, pgSchema } = scratch.database;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
      ...(pgSchema && { migrationTableSchema: pgSchema }),
    });
    const { error } = await migrator.migrateTo('0007-user-activity-marks');
    if (error) throw error;
    for (const userId of users) await seedUser(db, userId, `${userId}@example.com`);
    await migrateToLatest(db, pgSchema);
  });
  afterAll(() => scratch.drop());

  it('makes each user the owner of a family of their own', async () => {
    const { db } = scratch.database;
    const families = await db.selectFrom('families').select('id').orderBy('id').execute();
    expect(families.map((f) => f.id)).toEqual(users);
    const members = await db.selectFrom('familyMembers').selectAll().orderBy('userId').execute();
    expect(members).toEqual(
      users.map((userId) => ({ userId, familyId: userId, role: 'owner', joinedAt: NOW })),
    );
  });

  it('keeps every record of each user under their family, and who acted', async () => {
    const { db } = scratch.database;
    for (const familyId of users) {
      const byFamily = async (
        table:
          | 'profiles'
          | 'children'
          | 'progress'
          | 'files'
          | 'customActivities'
          | 'userActivities'
          | 'activityLog'
          | 'achievements'
          | 'stats',
      ) => db.selectFrom(table).selectAll().where('familyId', '=', familyId).execute();
      // Its member fields (user, e-mail, name, last sign-in) are each reader's own since 0017.
      const [profile] = await byFamily('profiles');
      expect(profile).toMatchObject({ familyId, createdAt: NOW });
      expect(JSON.parse(profile!.familyInfo).familyName).toBe(`Family ${familyId}`);
      const children = await byFamily('children');
      expect(children.map((c) => [c.id, c.position, c.name, c.age])).toEqual([
        [`${familyId}-child-0`, 0, 'Child 0', 4],
        [`${familyId}-child-1`, 1, 'Child 1', 5],
      ]);
      expect(await byFamily('progress')).toEqual([
        { familyId, data: '{"level":3}', updatedAt: NOW },
      ]);
      expect(await byFamily('files')).toMatchObject([
        { id: `${familyId}-file`, path: 'avatars/a.png', downloadToken: `${familyId}-token` },
      ]);
      expect(await byFamily('customActivities')).toMatchObject([{ id: `own-${familyId}` }]);
      const records = await db
        .selectFrom('userActivities')
        .select(['id', 'userId', 'favorite', 'tried', 'completedAt', 'completedBy'])
        .where('familyId', '=', familyId)
        .orderBy('id')
        .execute();
      expect(records).toEqual([
        {
          id: `${familyId}-ua-1`,
          userId: familyId,
          favorite: 0,
          tried: 1,
          completedAt: NOW,
          completedBy: familyId,
        },
        {
          id: `${familyId}-ua-2`,
          userId: familyId,
          favorite: 1,
          tried: 0,
          completedAt: null,
          completedBy: null,
        },
        {
          id: `${familyId}-ua-3`,
          userId: familyId,
          favorite: 1,
          tried: 1,
          completedAt: null,
          completedBy: null,
        },
      ]);
      expect(await byFamily('activityLog')).toMatchObject([
        { id: `${familyId}-log`, completedBy: familyId, clientId: 'client-1', minutes: 25 },
      ]);
      expect(await byFamily('achievements')).toEqual([
        { familyId, achievementId: 'first-activity', unlockedAt: NOW },
      ]);
      const [stats] = await byFamily('stats');
      expect(stats).toMatchObject({ familyId, updatedAt: NOW });
      // Migration 0016 adds the played days of the activity log.
      expect(JSON.parse(stats!.state)).toEqual({ ...STORED_PROGRESS, playedDays: ['2026-03-01'] });
    }
  });

  it('keeps the unique keys: one record per family and activity, one clientId per family', async () => {
    const { db } = scratch.database;
    await expect(
      db
        .insertInto('userActivities')
        .values({
          id: 'duplicate',
          familyId: 'user-a',
          userId: 'user-b',
          activityId: 'cardboard-box-castle',
          favorite: 1,
          tried: 0,
          completedAt: null,
          completedBy: null,
          createdAt: NOW,
          updatedAt: NOW,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("deleting a family deletes what it owns, and no other family's", async () => {
    const { db } = scratch.database;
    await db.deleteFrom('families').where('id', '=', 'user-a').execute();
    expect(await db.selectFrom('children').select('familyId').distinct().execute()).toEqual([
      { familyId: 'user-b' },
    ]);
    expect(await db.selectFrom('activityLog').select('familyId').execute()).toEqual([
      { familyId: 'user-b' },
    ]);
  });
});
