import crypto from 'node:crypto';
import { localDay } from '@kkb/core/achievements/calendar';
import type { TAchievementList, TFamilyStats } from '@kkb/core/achievements/schema';
import type { TInviteCreated } from '@kkb/core/family/members';
import type { TNotificationList } from '@kkb/core/notifications/schema';
import { ZSyncResponse, type TQueuedSyncAction } from '@kkb/core/sync/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const CASTLE = 'cardboard-box-castle';
const SCAVENGER_HUNT = 'backyard-scavenger-hunt';
/** UTC+05:30 all year (no daylight saving): local midnight is 18:30 UTC the day before. */
const KOLKATA = 'Asia/Kolkata';
const DAY_MS = 86_400_000;

/**
 * Issue 30, sync edges: a completion that syncs late, after another member completed on a later
 * day, counts in the streak as if it had arrived on time (the streak comes from the days played,
 * in the family's zone), and the streak achievements unlock on the recomputed streak once.
 */
describe('a completion synced late counts for its own day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function call<T>(user: CreatedUser, method: string, url: string, payload?: object) {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: user.authHeader,
      ...(payload && { payload }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return (res.body ? res.json() : undefined) as T;
  }
  const stats = (user: CreatedUser) => call<TFamilyStats>(user, 'GET', '/stats');
  const sync = async (user: CreatedUser, actions: TQueuedSyncAction[]) =>
    ZSyncResponse.parse(await call(user, 'POST', '/sync', { actions })).results.map(
      (r) => r.status,
    );
  const completed = (activityId: string, completedAt: string): TQueuedSyncAction => ({
    clientId: crypto.randomUUID(),
    kind: 'addAchievement',
    payload: { activityId, completedAt },
    queuedAt: completedAt,
  });

  /** The instant of `hh:mm` local time in Kolkata, `daysAgo` local days before today there. */
  function kolkata(daysAgo: number, time: string): string {
    const today = localDay(new Date().toISOString(), KOLKATA);
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * DAY_MS)
      .toISOString()
      .slice(0, 10);
    return new Date(`${day}T${time}:00+05:30`).toISOString();
  }

  /** Each member's notifications of the achievement (quiet hours off, so made at once). */
  async function notificationsOf(user: CreatedUser, achievementId: string) {
    const { notifications } = await call<TNotificationList>(user, 'GET', '/notifications');
    return notifications.filter((n) => n.data.achievementId === achievementId);
  }

  it('near midnight in the family zone, several members, unlocking streak-3 once', async () => {
    const owner = await createUser(t.app, { name: 'Owner' });
    await call(owner, 'PUT', '/profile', { familyInfo: { timezone: KOLKATA } });
    const parent = await createUser(t.app, { name: 'Parent' });
    const { token } = await call<TInviteCreated>(owner, 'POST', '/family/invites', {
      role: 'parent',
    });
    await call(parent, 'POST', '/family/join', { token });
    for (const member of [owner, parent]) {
      await call(member, 'PUT', '/notifications/preferences', {
        quietHours: { enabled: false },
      });
    }

    // The owner plays online at 23:50 four days ago and at 00:10 two days ago, local time:
    // in UTC those are consecutive days, in Kolkata two days apart.
    const late = kolkata(4, '23:50');
    const early = kolkata(2, '00:10');
    expect(late.slice(0, 10)).not.toBe(early.slice(0, 10));
    for (const completedAt of [late, early]) {
      await call(owner, 'POST', `/activities/${CASTLE}/complete`, { completedAt });
    }
    expect(await stats(owner)).toMatchObject({
      currentStreak: 1,
      longestStreak: 1,
      lastActivityDate: localDay(early, KOLKATA),
    });

    // The parent played three days ago at noon, offline; it reaches the server only now.
    const missed = completed(SCAVENGER_HUNT, kolkata(3, '12:00'));
    expect(await sync(parent, [missed])).toEqual(['applied']);
    const bridged = {
      totalActivities: 3,
      currentStreak: 3,
      longestStreak: 3,
      lastActivityDate: localDay(early, KOLKATA),
    };
    expect(await stats(parent)).toMatchObject(bridged);

    // The same action sent again (its answer was lost), and another member's completion on a
    // day already played, change the totals at most, never the streaks or the unlocks.
    expect(await sync(parent, [missed])).toEqual(['duplicate']);
    await call(owner, 'POST', `/activities/${CASTLE}/complete`, {
      completedAt: kolkata(3, '23:59'),
    });
    expect(await stats(owner)).toMatchObject({ ...bridged, totalActivities: 4 });

    const { achievements } = await call<TAchievementList>(owner, 'GET', '/achievements');
    expect(achievements.find((a) => a.id === 'streak-3')).toMatchObject({ isUnlocked: true });
    expect(achievements.find((a) => a.id === 'streak-7')).toMatchObject({ isUnlocked: false });
    const unlocked = await t.app.database.db
      .selectFrom('achievements')
      .select('achievementId')
      .where('familyId', '=', owner.familyId)
      .where('achievementId', '=', 'streak-3')
      .execute();
    expect(unlocked).toHaveLength(1);
    for (const member of [owner, parent]) {
      expect(await notificationsOf(member, 'streak-3')).toHaveLength(1);
    }
  });

  it('streak-7 unlocks when a late day joins two runs into a week, and only then', async () => {
    const owner = await createUser(t.app);
    await call(owner, 'PUT', '/profile', { familyInfo: { timezone: KOLKATA } });
    const parent = await createUser(t.app);
    const { token } = await call<TInviteCreated>(owner, 'POST', '/family/invites', {
      role: 'caregiver',
    });
    await call(parent, 'POST', '/family/join', { token });
    // Online: days 9, 8, 7 and 5, 4, 3 ago (two runs of three), at 23:45 local.
    for (const daysAgo of [9, 8, 7, 5, 4, 3]) {
      await call(owner, 'POST', `/activities/${CASTLE}/complete`, {
        completedAt: kolkata(daysAgo, '23:45'),
      });
    }
    expect(await stats(owner)).toMatchObject({ currentStreak: 3, longestStreak: 3 });
    // Day 6, played offline by the caregiver at 00:05 local, synced now: 3 + 1 + 3 = 7.
    expect(await sync(parent, [completed(SCAVENGER_HUNT, kolkata(6, '00:05'))])).toEqual([
      'applied',
    ]);
    expect(await stats(owner)).toMatchObject({ currentStreak: 7, longestStreak: 7 });
    // Today, online: 8 days in a row now, nothing unlocked again.
    await call(owner, 'POST', `/activities/${CASTLE}/complete`, {
      completedAt: kolkata(2, '12:00'),
    });
    expect(await stats(owner)).toMatchObject({ currentStreak: 8, longestStreak: 8 });
    const unlocked = await t.app.database.db
      .selectFrom('achievements')
      .select('achievementId')
      .where('familyId', '=', owner.familyId)
      .execute();
    const streaks = unlocked
      .map((row) => row.achievementId)
      .filter((id) => id.startsWith('streak-'));
    expect(streaks.sort()).toEqual(['streak-3', 'streak-7']);
  });
});
