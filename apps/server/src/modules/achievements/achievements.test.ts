import { ACHIEVEMENTS } from '@kkb/core/achievements/definitions';
import type { TAchievement, TCompletionResult, TFamilyStats } from '@kkb/core/achievements/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Built-in activities (core catalogue): 60 min creative-arts indoor, 40 min nature outdoor.
const CASTLE = 'cardboard-box-castle';
const SCAVENGER_HUNT = 'backyard-scavenger-hunt';
/** A Monday, 12:00 in Los Angeles (the default timezone): no weekend, no early bird. */
const MONDAY_NOON = '2026-02-02T20:00:00Z';

describe('completions, stats and achievements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const complete = (user: CreatedUser, activityId: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/activities/${activityId}/complete`,
      headers: user.authHeader,
      ...(payload && { payload }),
    });
  const getStats = async (user: CreatedUser): Promise<TFamilyStats> =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/stats', headers: user.authHeader })).json();
  const getAchievements = async (user: CreatedUser): Promise<TAchievement[]> =>
    (
      await t.app.inject({ method: 'GET', url: '/api/v1/achievements', headers: user.authHeader })
    ).json().achievements;
  const setTimeZone = async (user: CreatedUser, timezone: string) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: user.authHeader,
      payload: { familyInfo: { timezone } },
    });
    expect(res.statusCode).toBe(200);
  };
  const unlockRows = (familyId: string) =>
    t.app.database.db
      .selectFrom('achievements')
      .select('achievementId')
      .where('familyId', '=', familyId)
      .execute();

  it('§3 family stats: zeros and every achievement locked for a new family', async () => {
    const user = await createUser(t.app);
    expect(await getStats(user)).toEqual({
      totalActivities: 0,
      currentStreak: 0,
      longestStreak: 0,
      totalPoints: 0,
      achievementsUnlocked: 0,
      totalTimeSpent: 0,
      favoriteActivities: 0,
      lastActivityDate: null,
      byMember: [{ userId: user.userId, name: 'Test Parent', activities: 0, minutes: 0 }],
      byChild: [],
    });
    const achievements = await getAchievements(user);
    expect(achievements.map((a) => a.id)).toEqual(ACHIEVEMENTS.map((a) => a.id));
    expect(
      achievements.every((a) => !a.isUnlocked && a.progress === 0 && a.userId === user.familyId),
    ).toBe(true);
  });

  it("§4 the first completion unlocks 'First Steps' for 10 points with a streak of 1", async () => {
    const user = await createUser(t.app);
    const res = await complete(user, CASTLE, { minutes: 20, completedAt: MONDAY_NOON });
    expect(res.statusCode).toBe(200);
    const body: TCompletionResult = res.json();
    expect(body.stats).toMatchObject({
      totalActivities: 1,
      currentStreak: 1,
      longestStreak: 1,
      totalPoints: 10,
      achievementsUnlocked: 1,
      totalTimeSpent: 20,
    });
    expect(body.stats.lastActivityDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.newAchievements).toEqual([
      expect.objectContaining({
        id: 'first-activity',
        title: 'First Steps',
        points: 10,
        isUnlocked: true,
        category: 'activities',
        progress: 1,
        maxProgress: 1,
        userId: user.familyId,
      }),
    ]);
    expect(body.userActivity).toMatchObject({
      activityId: CASTLE,
      status: 'tried',
      userId: user.userId,
      completedBy: user.userId,
    });
    expect(body.stats.byMember).toEqual([
      { userId: user.userId, name: 'Test Parent', activities: 1, minutes: 20 },
    ]);
    expect(body.userActivity.completedAt).not.toBeNull();
    expect(await getStats(user)).toEqual(body.stats);
  });

  it("minutes default to the activity's duration; an hour unlocks 'Quality Time'", async () => {
    const user = await createUser(t.app);
    const body: TCompletionResult = (
      await complete(user, CASTLE, { completedAt: MONDAY_NOON })
    ).json();
    expect(body.stats.totalTimeSpent).toBe(60);
    expect(body.newAchievements.map((a) => a.id)).toEqual(['first-activity', 'time-1-hour']);
    expect(body.stats.totalPoints).toBe(40);
  });

  it('a favourite stays a favourite and gets its completedAt; favourites are counted', async () => {
    const user = await createUser(t.app);
    const fav = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-activities/${SCAVENGER_HUNT}`,
      headers: user.authHeader,
      payload: { status: 'favorite' },
    });
    expect(fav.statusCode).toBe(201);
    const completedAt = '2026-01-05T09:00:00.000Z';
    const body: TCompletionResult = (await complete(user, SCAVENGER_HUNT, { completedAt })).json();
    expect(body.userActivity).toMatchObject({ status: 'favorite', completedAt });
    expect(body.stats.favoriteActivities).toBe(1);
    expect((await getStats(user)).favoriteActivities).toBe(1);
  });

  it('§4 streak: 23:30 and 00:30 local time are two days in the family timezone', async () => {
    const auckland = await createUser(t.app);
    await setTimeZone(auckland, 'Pacific/Auckland');
    const utc = await createUser(t.app);
    await setTimeZone(utc, 'UTC');
    // 23:30 and 00:30 NZDT; both 2026-01-10 in UTC.
    for (const completedAt of ['2026-01-10T10:30:00Z', '2026-01-10T11:30:00Z']) {
      expect((await complete(auckland, CASTLE, { completedAt, minutes: 5 })).statusCode).toBe(200);
      expect((await complete(utc, CASTLE, { completedAt, minutes: 5 })).statusCode).toBe(200);
    }
    expect(await getStats(auckland)).toMatchObject({
      currentStreak: 2,
      lastActivityDate: '2026-01-11',
    });
    expect(await getStats(utc)).toMatchObject({ currentStreak: 1, lastActivityDate: '2026-01-10' });
  });

  it("§4 streak-3 'Getting Started' unlocks on the third day in a row, once", async () => {
    const user = await createUser(t.app);
    await setTimeZone(user, 'UTC');
    const days = ['2026-02-01', '2026-02-02', '2026-02-03', '2026-02-04', '2026-02-03'];
    const unlocked: string[] = [];
    for (const day of days) {
      const body: TCompletionResult = (
        await complete(user, CASTLE, { completedAt: `${day}T12:00:00Z`, minutes: 5 })
      ).json();
      unlocked.push(...body.newAchievements.map((a) => a.id));
    }
    expect(unlocked.filter((id) => id === 'streak-3')).toHaveLength(1);
    // The second 02-03 completion counts; its day was played already, so the streak stays.
    expect(await getStats(user)).toMatchObject({
      totalActivities: 5,
      currentStreak: 4,
      longestStreak: 4,
      lastActivityDate: '2026-02-04',
    });
    const list = await getAchievements(user);
    expect(
      list
        .slice(0, 2)
        .map((a) => a.id)
        .sort(),
    ).toEqual(['first-activity', 'streak-3']);
  });

  it('lists unlocked achievements newest unlockedAt first, then locked ones with progress', async () => {
    const user = await createUser(t.app);
    await complete(user, CASTLE, { minutes: 10 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await complete(user, CASTLE, { minutes: 50 });
    const list = await getAchievements(user);
    expect(list.slice(0, 2).map((a) => a.id)).toEqual(['time-1-hour', 'first-activity']);
    expect(String(list[0]?.unlockedAt) > String(list[1]?.unlockedAt)).toBe(true);
    expect(list.find((a) => a.id === 'activities-10')).toMatchObject({
      isUnlocked: false,
      unlockedAt: null,
      progress: 2,
      maxProgress: 10,
    });
  });

  it('logs the local day of a completion; the fixed (not live) weather and an older completion log no weather', async () => {
    const user = await createUser(t.app);
    await setTimeZone(user, 'Pacific/Auckland');
    await complete(user, CASTLE, { minutes: 5 });
    await complete(user, CASTLE, { minutes: 5, completedAt: '2026-01-10T11:30:00Z' });
    const logged = await t.app.database.db
      .selectFrom('activityLog')
      .select(['completedAt', 'localDay', 'weather', 'category', 'location', 'minutes'])
      .where('familyId', '=', user.familyId)
      .orderBy('completedAt')
      .execute();
    // The test app's weather provider is the fixed one: §8's sunny values are not live weather,
    // so a completion logs no weather (issue 29: made-up weather never counts).
    expect(logged[1]).toMatchObject({
      weather: null,
      category: 'creative-arts',
      location: 'indoor',
    });
    expect(logged[0]).toEqual({
      completedAt: '2026-01-10T11:30:00.000Z',
      localDay: '2026-01-11',
      weather: null,
      category: 'creative-arts',
      location: 'indoor',
      minutes: 5,
    });
  });

  it('50 simultaneous completions of one family count exactly and unlock each achievement once', async () => {
    const user = await createUser(t.app);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        complete(user, CASTLE, { minutes: 3, completedAt: MONDAY_NOON }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const stats = await getStats(user);
    expect(stats).toMatchObject({ totalActivities: 50, totalTimeSpent: 150, currentStreak: 1 });
    const unlockedInResponses = responses.flatMap((r) =>
      (r.json() as TCompletionResult).newAchievements.map((a) => a.id),
    );
    expect(unlockedInResponses.sort()).toEqual(
      ['activities-10', 'activities-50', 'first-activity', 'time-1-hour'].sort(),
    );
    const rows = await unlockRows(user.familyId);
    expect(rows.map((r) => r.achievementId).sort()).toEqual(unlockedInResponses);
    expect(stats.achievementsUnlocked).toBe(4);
    expect(stats.totalPoints).toBe(10 + 25 + 75 + 30);
    // Each response saw a different total: the completions really ran one after another.
    const totals = responses.map((r) => (r.json() as TCompletionResult).stats.totalActivities);
    expect(new Set(totals).size).toBe(50);
  });

  it('the same clientId twice is one completion with the same answer', async () => {
    const user = await createUser(t.app);
    const first = await complete(user, CASTLE, { minutes: 15, clientId: 'queue-1' });
    const again = await complete(user, CASTLE, { minutes: 15, clientId: 'queue-1' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await complete(user, CASTLE, { minutes: 15, clientId: 'queue-2' });
    expect((other.json() as TCompletionResult).stats.totalActivities).toBe(2);
    expect(await getStats(user)).toMatchObject({ totalActivities: 2, totalTimeSpent: 30 });
  });

  it('the same clientId sent simultaneously is counted once, every answer identical', async () => {
    const user = await createUser(t.app);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => complete(user, CASTLE, { minutes: 7, clientId: 'same' })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const bodies = responses.map((r) => r.json());
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await getStats(user)).toMatchObject({ totalActivities: 1, totalTimeSpent: 7 });
    const logged = await t.app.database.db
      .selectFrom('activityLog')
      .select('id')
      .where('familyId', '=', user.familyId)
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('a clientId belongs to its family: another family may use the same one', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await complete(a, CASTLE, { minutes: 5, clientId: 'shared' });
    const res = await complete(b, CASTLE, { minutes: 9, clientId: 'shared' });
    expect((res.json() as TCompletionResult).stats).toMatchObject({
      totalActivities: 1,
      totalTimeSpent: 9,
    });
  });

  describe('issue 29: a completion records the children who played', () => {
    const addChild = async (user: CreatedUser, name: string): Promise<string> => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/children',
        headers: user.authHeader,
        payload: { name, age: 6 },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const logChildren = (familyId: string) =>
      t.app.database.db
        .selectFrom('activityLogChildren')
        .innerJoin('activityLog', 'activityLog.id', 'activityLogChildren.activityLogId')
        .select(['activityLog.activityId', 'activityLogChildren.childId'])
        .where('activityLogChildren.familyId', '=', familyId)
        .orderBy('activityLog.activityId')
        .orderBy('activityLogChildren.childId')
        .execute();

    it('the log, the record and the stats name them; stats count each child', async () => {
      const user = await createUser(t.app);
      const noa = await addChild(user, 'Noa');
      const eli = await addChild(user, 'Eli');
      const res = await complete(user, CASTLE, { minutes: 20, childIds: [noa, eli] });
      expect(res.statusCode, res.body).toBe(200);
      const body: TCompletionResult = res.json();
      expect(body.userActivity.completedChildIds).toEqual([noa, eli]);
      expect(body.stats.byChild).toEqual([
        { childId: noa, name: 'Noa', activities: 1, minutes: 20 },
        { childId: eli, name: 'Eli', activities: 1, minutes: 20 },
      ]);
      await complete(user, SCAVENGER_HUNT, { minutes: 15, childIds: [eli] });
      expect((await getStats(user)).byChild).toEqual([
        { childId: noa, name: 'Noa', activities: 1, minutes: 20 },
        { childId: eli, name: 'Eli', activities: 2, minutes: 35 },
      ]);
      expect(await logChildren(user.familyId)).toEqual(
        [
          { activityId: SCAVENGER_HUNT, childId: eli },
          { activityId: CASTLE, childId: eli },
          { activityId: CASTLE, childId: noa },
        ].sort(
          (a, b) => a.activityId.localeCompare(b.activityId) || a.childId.localeCompare(b.childId),
        ),
      );
      const records = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user-activities',
        headers: user.authHeader,
      });
      expect(records.json().userActivities).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ activityId: SCAVENGER_HUNT, completedChildIds: [eli] }),
          expect.objectContaining({ activityId: CASTLE, completedChildIds: [noa, eli] }),
        ]),
      );
    });

    it('without children a completion names none, as before', async () => {
      const user = await createUser(t.app);
      const noa = await addChild(user, 'Noa');
      const body: TCompletionResult = (await complete(user, CASTLE, { minutes: 5 })).json();
      expect(body.userActivity.completedChildIds).toEqual([]);
      expect(body.stats.byChild).toEqual([
        { childId: noa, name: 'Noa', activities: 0, minutes: 0 },
      ]);
      expect(await logChildren(user.familyId)).toEqual([]);
    });

    it("another family's child, an unknown one or one named twice is refused with 400, counting nothing", async () => {
      const user = await createUser(t.app);
      const noa = await addChild(user, 'Noa');
      const stranger = await createUser(t.app);
      const theirs = await addChild(stranger, 'Theirs');
      for (const childIds of [[theirs], [noa, 'no-such-child'], [noa, noa]]) {
        const res = await complete(user, CASTLE, { minutes: 5, childIds });
        expect(res.statusCode, JSON.stringify(childIds)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      expect((await complete(user, CASTLE, { minutes: 5, childIds: [theirs] })).json().detail).toBe(
        `childIds: ${theirs} is not a child of this family`,
      );
      expect((await getStats(user)).totalActivities).toBe(0);
      expect(await logChildren(user.familyId)).toEqual([]);
    });

    it('the same clientId again answers the first completion, children included, once', async () => {
      const user = await createUser(t.app);
      const noa = await addChild(user, 'Noa');
      const first = await complete(user, CASTLE, {
        minutes: 5,
        clientId: 'c-kids',
        childIds: [noa],
      });
      const again = await complete(user, CASTLE, {
        minutes: 5,
        clientId: 'c-kids',
        childIds: [noa],
      });
      expect(again.json()).toEqual(first.json());
      expect(await logChildren(user.familyId)).toEqual([{ activityId: CASTLE, childId: noa }]);
    });

    it('a removed child leaves the stats; their completions stay in the log', async () => {
      const user = await createUser(t.app);
      const noa = await addChild(user, 'Noa');
      await complete(user, CASTLE, { minutes: 5, childIds: [noa] });
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/children/${noa}`,
        headers: user.authHeader,
      });
      expect(removed.statusCode).toBe(204);
      expect((await getStats(user)).byChild).toEqual([]);
      expect(await logChildren(user.familyId)).toEqual([{ activityId: CASTLE, childId: noa }]);
    });
  });

  it('stats and achievements are per family', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await complete(a, CASTLE, { completedAt: MONDAY_NOON });
    expect((await getStats(b)).totalActivities).toBe(0);
    expect((await getAchievements(b)).some((x) => x.isUnlocked)).toBe(false);
    expect((await getStats(a)).totalActivities).toBe(1);
  });

  it("another family's own activity answers 404 like a missing one", async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const ownId = await createOwnActivity(owner);
    expect((await complete(owner, ownId, { minutes: 5 })).statusCode).toBe(200);
    const res = await complete(stranger, ownId, { minutes: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Activity not found', code: 'DATA_NOT_FOUND' });
    expect((await getStats(stranger)).totalActivities).toBe(0);
  });

  it('§5 an unknown activity id gives "Activity not found" and counts nothing', async () => {
    const user = await createUser(t.app);
    const res = await complete(user, 'no-such-activity', { clientId: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Activity not found', code: 'DATA_NOT_FOUND' });
    expect((await getStats(user)).totalActivities).toBe(0);
  });

  it('rejects bad input with 400 and missing sign-in with 401', async () => {
    const user = await createUser(t.app);
    const inTenMinutes = new Date(Date.now() + 10 * 60_000).toISOString();
    const inTwoMinutes = new Date(Date.now() + 2 * 60_000).toISOString();
    for (const payload of [
      { minutes: 0 },
      { minutes: 601 },
      { minutes: 1.5 },
      { completedAt: 'yesterday' },
      { completedAt: inTenMinutes },
      { clientId: '' },
      { clientId: 'x'.repeat(101) },
    ]) {
      const res = await complete(user, CASTLE, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(
      (await complete(user, CASTLE, { completedAt: inTwoMinutes, minutes: 600 })).statusCode,
    ).toBe(200);
    for (const [method, url] of [
      ['POST', `/api/v1/activities/${CASTLE}/complete`],
      ['GET', '/api/v1/stats'],
      ['GET', '/api/v1/achievements'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(401);
    }
  });

  async function createOwnActivity(user: CreatedUser): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities',
      headers: user.authHeader,
      payload: {
        title: 'Grandma video call',
        description: 'Show grandma what we built this week.',
        category: 'social',
        difficulty: 'easy',
        duration: 20,
        location: 'indoor',
        ageRange: [3, 10],
        energyLevel: 'Low',
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }
});
