import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { getAchievements, getStats } from '../../modules/achievements/service.ts';
import { createFamilyBefore0018 } from '../../test/legacy-family.ts';
import type { Executor } from '../database.ts';
import { migrations } from './index.ts';

const NOW = '2026-05-20T10:00:00.000Z';

let testDatabase: TestDatabase | undefined;
afterEach(async () => {
  await testDatabase?.close();
  testDatabase = undefined;
});

async function familyOf(db: Executor, userId: string): Promise<string> {
  await db
    .insertInto('users')
    .values({
      id: userId,
      name: userId,
      email: `${userId}@example.com`,
      passwordHash: null,
      avatarUrl: null,
      isActive: 1,
      isVerified: 0,
      createdAt: NOW,
      updatedAt: NOW,
      lastLoginAt: null,
    })
    .execute();
  const founder = { userId, email: `${userId}@example.com`, displayName: userId };
  return createFamilyBefore0018(db, founder, NOW);
}

/** Completions as the activity log holds them: one per local day, in the order they arrived. */
async function logCompletions(db: Executor, familyId: string, userId: string, days: string[]) {
  for (const [i, day] of days.entries()) {
    await db
      .insertInto('activityLog')
      .values({
        id: `${familyId}-${i}`,
        familyId,
        completedBy: userId,
        activityId: 'cardboard-box-castle',
        clientId: null,
        minutes: 10,
        completedAt: `${day}T12:00:00.000Z`,
        localDay: day,
        category: 'creative-arts',
        location: 'indoor',
        weather: null,
        createdAt: NOW,
        response: '{}',
      })
      .execute();
  }
}

/** A progress as the code before played days wrote it (late days left out of the streak). */
function storedBefore(streak: { current: number; longest: number; last: string }, total: number) {
  return {
    totalActivities: total,
    totalTimeSpent: 10 * total,
    currentStreak: streak.current,
    longestStreak: streak.longest,
    lastActivityDate: streak.last,
    activitiesDone: ['cardboard-box-castle'],
    categoriesTried: ['creative-arts'],
    rainyOutdoorActivities: 0,
    earlyActivities: 0,
    weekendActivities: 0,
    unlocked: ['first-activity'],
  };
}

async function storeProgress(db: Executor, familyId: string, state: object) {
  await db
    .insertInto('stats')
    .values({ familyId, state: JSON.stringify(state), updatedAt: NOW })
    .execute();
  await db
    .insertInto('achievements')
    .values({ familyId, achievementId: 'first-activity', unlockedAt: NOW })
    .execute();
}

describe('migration 0016: the stored progress gets its played days from the activity log', () => {
  it('in-order families keep their stats and achievements; a late day bridges the streak', async () => {
    testDatabase = await createTestDatabase();
    const { db, pgSchema } = testDatabase.database;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
      ...(pgSchema && { migrationTableSchema: pgSchema }),
    });
    expect((await migrator.migrateTo('0015-plans')).error).toBeUndefined();

    // Mon, Tue, Thu, Fri in order: streak 2, longest 2.
    const inOrder = await familyOf(db, 'in-order');
    const inOrderDays = ['2026-05-11', '2026-05-12', '2026-05-14', '2026-05-15'];
    await logCompletions(db, inOrder, 'in-order', inOrderDays);
    await storeProgress(
      db,
      inOrder,
      storedBefore({ current: 2, longest: 2, last: '2026-05-15' }, 4),
    );
    // Mon and Wed online, then Tuesday's completion made offline arrived: left out until now.
    const late = await familyOf(db, 'late');
    await logCompletions(db, late, 'late', ['2026-05-11', '2026-05-13', '2026-05-12']);
    await storeProgress(db, late, storedBefore({ current: 1, longest: 1, last: '2026-05-13' }, 3));
    // A family that has completed nothing has no progress row: nothing to rebuild.
    const idle = await familyOf(db, 'idle');

    expect((await migrator.migrateTo('0016-played-days')).error).toBeUndefined();
    // Read by today's code, which needs today's schema (later migrations leave the stats alone).
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    expect(await getStats(db, inOrder)).toMatchObject({
      totalActivities: 4,
      currentStreak: 2,
      longestStreak: 2,
      lastActivityDate: '2026-05-15',
      totalPoints: 10,
      achievementsUnlocked: 1,
    });
    const inOrderUnlocked = (await getAchievements(db, inOrder)).filter((a) => a.isUnlocked);
    expect(inOrderUnlocked.map((a) => [a.id, a.unlockedAt])).toEqual([['first-activity', NOW]]);

    expect(await getStats(db, late)).toMatchObject({
      totalActivities: 3,
      currentStreak: 3,
      longestStreak: 3,
      lastActivityDate: '2026-05-13',
      // first-activity 10 + streak-3 20
      totalPoints: 30,
      achievementsUnlocked: 2,
    });
    const lateUnlocked = (await getAchievements(db, late)).filter((a) => a.isUnlocked);
    expect(lateUnlocked.map((a) => a.id).sort()).toEqual(['first-activity', 'streak-3']);

    expect(await getStats(db, idle)).toMatchObject({ totalActivities: 0, currentStreak: 0 });
    const states = await db.selectFrom('stats').select(['familyId', 'state']).execute();
    const playedDays = new Map(
      states.map((row) => [row.familyId, JSON.parse(row.state).playedDays]),
    );
    expect(playedDays).toEqual(
      new Map([
        [inOrder, inOrderDays],
        [late, ['2026-05-11', '2026-05-12', '2026-05-13']],
      ]),
    );
  });
});
