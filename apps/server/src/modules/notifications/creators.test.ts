import type { TInviteCreated } from '@kkb/core/family/members';
import { dailySummaryText, instantOfLocalTime } from '@kkb/core/notifications/rules';
import type { TNotification, TNotificationType } from '@kkb/core/notifications/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { startOpenMeteo } from '../../test/open-meteo.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedNotificationSweep, SWEEP_EVERY_MS, SWEEP_JOB } from './creators.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Families live in the spec's default timezone; July is PDT (UTC-7). */
const LA = 'America/Los_Angeles';
const SCAVENGER_HUNT = 'backyard-scavenger-hunt';

/** The instant of a local time in Los Angeles. */
const la = (day: string, time: string): Date => instantOfLocalTime(day, time, LA);

function harness(env: Record<string, string> = {}) {
  const clock = new ManualClock(la('2026-07-01', '12:00'));
  const h = {
    clock,
    t: undefined as unknown as TestApp,
    call(user: CreatedUser, method: Method, url: string, payload?: unknown) {
      return h.t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: user.authHeader,
        ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
      });
    },
    async ok<T>(user: CreatedUser, method: Method, url: string, payload?: unknown): Promise<T> {
      const res = await h.call(user, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return (res.body ? res.json() : undefined) as T;
    },
    async list(user: CreatedUser, type?: TNotificationType): Promise<TNotification[]> {
      const query = type ? `?notification_type=${type}` : '';
      return (await h.ok<{ notifications: TNotification[] }>(user, 'GET', `/notifications${query}`))
        .notifications;
    },
    /** Moves the clock to a local time, lets the sweep of that moment run, and runs due jobs. */
    async runAt(day: string, time: string): Promise<void> {
      clock.set(la(day, time));
      await seedNotificationSweep(h.t.app);
      await h.t.app.jobs.runDue();
    },
    async joinFamily(owner: CreatedUser, role: 'parent' | 'caregiver'): Promise<CreatedUser> {
      const member = await createUser(h.t.app, { name: `A ${role}` });
      const { token } = await h.ok<TInviteCreated>(owner, 'POST', '/family/invites', { role });
      await h.ok(member, 'POST', '/family/join', { token });
      return { ...member, familyId: owner.familyId };
    },
    complete(user: CreatedUser, body: Record<string, unknown> = {}) {
      return h.ok<{ newAchievements: { id: string; title: string }[] }>(
        user,
        'POST',
        `/activities/${SCAVENGER_HUNT}/complete`,
        body,
      );
    },
  };
  beforeAll(async () => {
    h.t = await createTestApp(env, { clock });
  });
  afterAll(() => h.t.close());
  return h;
}

describe('notifications made by the app (fixed weather)', () => {
  const h = harness();

  describe('the sweep', () => {
    it('is seeded at start-up for its slot, once however many processes seed it, and reschedules itself', async () => {
      const sweeps = () =>
        h.t.app.database.db
          .selectFrom('jobs')
          .select(['key', 'runAt', 'doneAt'])
          .where('kind', '=', SWEEP_JOB)
          .orderBy('runAt')
          .execute();
      const startSlot = new Date(
        Math.floor(la('2026-07-01', '12:00').getTime() / SWEEP_EVERY_MS) * SWEEP_EVERY_MS,
      ).toISOString();
      expect((await sweeps()).map((s) => s.runAt)).toEqual([startSlot]);
      await seedNotificationSweep(h.t.app);
      expect(await sweeps()).toHaveLength(1);

      h.clock.set(la('2026-07-01', '12:00'));
      await h.t.app.jobs.runDue();
      const after = await sweeps();
      expect(after.map((s) => [s.runAt, s.doneAt !== null])).toEqual([
        [startSlot, true],
        [new Date(Date.parse(startSlot) + SWEEP_EVERY_MS).toISOString(), false],
      ]);
    });
  });

  describe('scheduled reminders (POST /activity-reminder in the future)', () => {
    it('arrive at scheduled_time, linking to the activity, announced to their user, once', async () => {
      const user = await createUser(h.t.app);
      h.clock.set(la('2026-07-02', '10:00'));
      const due = la('2026-07-02', '15:00');
      const res = await h.call(user, 'POST', '/notifications/activity-reminder', {
        activity_name: 'Backyard Scavenger Hunt',
        scheduled_time: due.toISOString(),
        child_name: 'Mia',
        activity_id: SCAVENGER_HUNT,
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({
        status: 'scheduled',
        notification: null,
        deliverAt: due.toISOString(),
      });
      expect(await h.list(user)).toEqual([]);

      await h.runAt('2026-07-02', '14:59');
      expect(await h.list(user)).toEqual([]);

      const published = vi.spyOn(h.t.app.liveEvents, 'publish');
      await h.runAt('2026-07-02', '15:00');
      const [reminder, ...others] = await h.list(user);
      expect(others).toEqual([]);
      expect(reminder).toMatchObject({
        type: 'activity_reminder',
        title: 'Time for Backyard Scavenger Hunt',
        message: 'Mia is ready to play Backyard Scavenger Hunt.',
        createdAt: due.toISOString(),
        data: { activityId: SCAVENGER_HUNT, link: `/activity/${SCAVENGER_HUNT}` },
      });
      expect(published).toHaveBeenCalledWith(
        { userId: user.userId },
        { type: 'notification.created', id: reminder!.id },
      );
      published.mockRestore();

      await h.runAt('2026-07-02', '15:30');
      expect(await h.list(user)).toHaveLength(1);
    });

    it('inside quiet hours are made at their time all the same (quiet hours hold back pushes only)', async () => {
      const user = await createUser(h.t.app);
      h.clock.set(la('2026-07-03', '12:00'));
      const res = await h.call(user, 'POST', '/notifications/activity-reminder', {
        activity_name: 'Star gazing',
        scheduled_time: la('2026-07-03', '22:30').toISOString(),
      });
      expect(res.json()).toMatchObject({
        status: 'scheduled',
        deliverAt: la('2026-07-03', '22:30').toISOString(),
      });
      await h.runAt('2026-07-03', '22:29');
      expect(await h.list(user)).toEqual([]);
      await h.runAt('2026-07-03', '22:30');
      expect((await h.list(user)).map((n) => n.createdAt)).toEqual([
        la('2026-07-03', '22:30').toISOString(),
      ]);
    });

    it('are not made when reminders are switched off before their time', async () => {
      const user = await createUser(h.t.app);
      h.clock.set(la('2026-07-05', '09:00'));
      await h.ok(user, 'POST', '/notifications/activity-reminder', {
        activity_name: 'Kites',
        scheduled_time: la('2026-07-05', '11:00').toISOString(),
      });
      await h.ok(user, 'PUT', '/profile', { preferences: { activityReminders: false } });
      await h.runAt('2026-07-05', '11:00');
      expect(await h.list(user)).toEqual([]);
    });
  });

  it('a typed POST inside quiet hours is in the list at once (issue 29)', async () => {
    const user = await createUser(h.t.app);
    h.clock.set(la('2026-07-06', '23:00'));
    const res = await h.call(user, 'POST', '/notifications/weather-alert', {
      weather_condition: 'Frost',
      temperature: -2,
      location: 'Oslo',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().deliverAt).toBe(la('2026-07-06', '23:00').toISOString());
    expect((await h.list(user)).map((n) => n.type)).toEqual(['weather_alert']);
    await h.runAt('2026-07-07', '07:00');
    expect(await h.list(user)).toHaveLength(1);
  });

  describe('achievements', () => {
    it('reach every member of the family at once, each by their own preferences and quiet hours', async () => {
      const owner = await createUser(h.t.app);
      const coParent = await h.joinFamily(owner, 'parent');
      const caregiver = await h.joinFamily(owner, 'caregiver');
      h.clock.set(la('2026-07-08', '12:00'));
      await h.ok(coParent, 'PUT', '/notifications/preferences', {
        quietHours: { enabled: true, start: '11:00', end: '13:00' },
      });
      await h.ok(caregiver, 'PUT', '/notifications/preferences', { achievements: false });
      const published = vi.spyOn(h.t.app.liveEvents, 'publish');

      const result = await h.complete(caregiver, { clientId: 'first-play' });
      expect(result.newAchievements.map((a) => a.title)).toEqual(['First Steps']);

      const [notification, ...more] = await h.list(owner);
      expect(more).toEqual([]);
      expect(notification).toMatchObject({
        type: 'achievement',
        title: 'Achievement unlocked: First Steps',
        createdAt: la('2026-07-08', '12:00').toISOString(),
        data: { achievementId: 'first-activity', link: '/achievements' },
      });
      expect(published).toHaveBeenCalledWith(
        { userId: owner.userId },
        { type: 'notification.created', id: notification!.id },
      );
      published.mockRestore();
      // Inside the co-parent's quiet hours: in the list at once all the same (only a push waits).
      expect((await h.list(coParent)).map((n) => [n.title, n.createdAt])).toEqual([
        ['Achievement unlocked: First Steps', la('2026-07-08', '12:00').toISOString()],
      ]);
      expect(await h.list(caregiver)).toEqual([]);

      // A replayed completion (same clientId) unlocks nothing new and tells nobody again.
      await h.complete(caregiver, { clientId: 'first-play' });
      expect(await h.list(owner)).toHaveLength(1);

      await h.runAt('2026-07-08', '13:00');
      expect(await h.list(coParent)).toHaveLength(1);
      expect(await h.list(owner)).toHaveLength(1);
      expect(await h.list(caregiver)).toEqual([]);
    });
  });

  it('a completion queued offline (POST /sync) notifies the family of its unlocks too, once', async () => {
    const owner = await createUser(h.t.app);
    const coParent = await h.joinFamily(owner, 'parent');
    h.clock.set(la('2026-07-08', '15:00'));
    const action = {
      clientId: 'offline-first-play',
      kind: 'addAchievement',
      payload: { activityId: SCAVENGER_HUNT },
      queuedAt: la('2026-07-08', '14:00').toISOString(),
    };
    for (let i = 0; i < 2; i += 1) {
      await h.ok(coParent, 'POST', '/sync', { actions: [action] });
    }
    for (const user of [owner, coParent]) {
      expect((await h.list(user)).map((n) => n.title)).toEqual([
        'Achievement unlocked: First Steps',
      ]);
    }
  });

  it('a profile change queued offline sets the member’s own switches', async () => {
    const owner = await createUser(h.t.app);
    await h.ok(owner, 'POST', '/sync', {
      actions: [
        {
          clientId: 'offline-profile',
          kind: 'updateProfile',
          payload: { preferences: { weatherAlerts: false } },
          queuedAt: la('2026-07-08', '14:00').toISOString(),
        },
      ],
    });
    expect(await h.ok(owner, 'GET', '/notifications/preferences')).toMatchObject({
      weatherAlerts: false,
    });
  });

  describe('the daily summary', () => {
    it('comes at each member’s own summary time on a day with play, once', async () => {
      const owner = await createUser(h.t.app);
      const coParent = await h.joinFamily(owner, 'parent');
      await h.ok(coParent, 'PUT', '/notifications/preferences', { dailySummaryTime: '18:00' });
      h.clock.set(la('2026-07-09', '10:00'));
      await h.complete(owner, { minutes: 25 });
      const summaries = (user: CreatedUser) => h.list(user, 'daily_summary');

      await h.runAt('2026-07-09', '17:50');
      expect(await summaries(coParent)).toEqual([]);
      await h.runAt('2026-07-09', '18:00');
      const text = dailySummaryText({
        activities_completed: 1,
        total_time: 25,
        achievements_earned: 1,
      });
      expect(await summaries(coParent)).toEqual([
        expect.objectContaining({
          ...text,
          createdAt: la('2026-07-09', '18:00').toISOString(),
          data: expect.objectContaining({ day: '2026-07-09' }),
        }),
      ]);
      expect(await summaries(owner)).toEqual([]);

      await h.runAt('2026-07-09', '19:00');
      expect(await summaries(owner)).toEqual([expect.objectContaining(text)]);
      for (const time of ['19:15', '20:00', '23:45']) await h.runAt('2026-07-09', time);
      expect(await summaries(owner)).toHaveLength(1);
      expect(await summaries(coParent)).toHaveLength(1);

      // The next day nobody plays: nothing to say, no summary.
      await h.runAt('2026-07-10', '19:00');
      expect(await summaries(owner)).toHaveLength(1);
    });

    it('respects the switch and quiet hours', async () => {
      const quiet = await createUser(h.t.app);
      const off = await h.joinFamily(quiet, 'parent');
      await h.ok(off, 'PUT', '/notifications/preferences', { dailySummary: false });
      await h.ok(quiet, 'PUT', '/notifications/preferences', { dailySummaryTime: '22:00' });
      h.clock.set(la('2026-07-11', '10:00'));
      await h.complete(quiet);
      await h.runAt('2026-07-11', '21:59');
      expect(await h.list(quiet, 'daily_summary')).toEqual([]);
      // Inside quiet hours: made at its time all the same.
      await h.runAt('2026-07-11', '22:00');
      expect(await h.list(quiet, 'daily_summary')).toHaveLength(1);
      await h.runAt('2026-07-12', '07:00');
      expect(await h.list(quiet, 'daily_summary')).toHaveLength(1);
      expect(await h.list(off, 'daily_summary')).toEqual([]);
    });
  });

  describe('the idle suggestion', () => {
    it('comes after two days without play, one a day per member, with a real activity to open', async () => {
      const owner = await createUser(h.t.app);
      const coParent = await h.joinFamily(owner, 'parent');
      const neverPlayed = await createUser(h.t.app);
      await h.ok(owner, 'POST', '/children', { name: 'Mia', age: 6 });
      h.clock.set(la('2026-07-13', '10:00'));
      await h.complete(owner);
      const suggestions = (user: CreatedUser) => h.list(user, 'activity_suggestion');

      await h.runAt('2026-07-14', '10:00');
      expect(await suggestions(owner)).toEqual([]);
      await h.runAt('2026-07-15', '09:50');
      expect(await suggestions(owner)).toEqual([]);
      await h.runAt('2026-07-15', '10:00');
      const [suggestion, ...more] = await suggestions(owner);
      expect(more).toEqual([]);
      expect(suggestion!.title).toMatch(/^Try /);
      expect(suggestion!.message).toMatch(
        /^It's been 2 days since your last activity together\. .+\. Good for age 6\.$/,
      );
      const activityId = String(suggestion!.data.activityId);
      expect(suggestion!.data.link).toBe(`/activity/${activityId}`);
      const activity = await h.ok<{ title: string }>(owner, 'GET', `/activities/${activityId}`);
      expect(suggestion!.title).toBe(`Try ${activity.title}`);
      expect(await suggestions(coParent)).toHaveLength(1);

      await h.runAt('2026-07-15', '16:00');
      expect(await suggestions(owner)).toHaveLength(1);
      await h.runAt('2026-07-16', '10:00');
      expect(await suggestions(owner)).toHaveLength(2);
      expect(await suggestions(neverPlayed)).toEqual([]);
    });

    it('stops once the family plays again', async () => {
      const owner = await createUser(h.t.app);
      h.clock.set(la('2026-07-17', '10:00'));
      await h.complete(owner);
      h.clock.set(la('2026-07-19', '09:00'));
      await h.complete(owner);
      await h.runAt('2026-07-19', '10:00');
      expect(await h.list(owner, 'activity_suggestion')).toEqual([]);
    });
  });

  it('the fixed weather provider never makes a weather alert', async () => {
    const owner = await createUser(h.t.app);
    await h.ok(owner, 'PUT', '/profile', { location: { city: 'Berlin', lat: 52.52, lon: 13.41 } });
    for (const time of ['06:00', '08:00', '12:00']) await h.runAt('2026-07-20', time);
    expect(await h.list(owner, 'weather_alert')).toEqual([]);
  });

  it('deleting the account deletes its pending notification jobs too', async () => {
    const user = await createUser(h.t.app);
    h.clock.set(la('2026-07-21', '10:00'));
    await h.ok(user, 'POST', '/notifications/activity-reminder', {
      activity_name: 'Kites',
      scheduled_time: la('2026-07-22', '10:00').toISOString(),
    });
    const mentioning = async () => {
      const { rows } = await sql<{ id: string }>`select id from jobs
        where payload like ${`%${user.userId}%`} or key like ${`%${user.userId}%`}`.execute(
        h.t.app.database.db,
      );
      return rows;
    };
    expect(await mentioning()).toHaveLength(1);
    expect((await h.call(user, 'DELETE', '/account', {})).statusCode).toBe(204);
    expect(await mentioning()).toEqual([]);
  });
});

describe('weather alerts (Open-Meteo daily forecast)', () => {
  const openMeteo = startOpenMeteo();
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await openMeteo.listen();
  });
  afterAll(() => openMeteo.close());
  const h = harness({
    get WEATHER_PROVIDER() {
      return 'open-meteo';
    },
    get OPEN_METEO_URL() {
      return baseUrl;
    },
    get OPEN_METEO_GEOCODING_URL() {
      return baseUrl;
    },
  });

  const familyIn = async (lat: number) => {
    const owner = await createUser(h.t.app);
    await h.ok(owner, 'PUT', '/profile', {
      location: { city: 'Berlin', state: '', lat, lon: 13.41 },
    });
    return owner;
  };

  it('a stormy day warns each member who wants it, once per day and kind, in the family’s units', async () => {
    const owner = await familyIn(52.52);
    const coParent = await h.joinFamily(owner, 'parent');
    const noWeather = await h.joinFamily(owner, 'parent');
    await h.ok(noWeather, 'PUT', '/profile', { preferences: { weatherAlerts: false } });
    openMeteo.setDays([
      { date: '2026-08-01', weatherCode: 95, max: 30.4, min: 18 },
      { date: '2026-08-02', weatherCode: 1, max: 25, min: 15 },
    ]);

    await h.runAt('2026-08-01', '05:45');
    expect(await h.list(owner, 'weather_alert')).toEqual([]);
    // Checked from 06:00; inside the default quiet hours, which hold back only its push.
    await h.runAt('2026-08-01', '06:00');
    expect(openMeteo.hits).toHaveLength(1);
    const alert = {
      type: 'weather_alert',
      title: 'Weather alert: Thunderstorms',
      message: 'Thunderstorms in Berlin today (30°C). Plan indoor play if needed.',
      data: expect.objectContaining({ alert: 'storm', day: '2026-08-01', link: '/dashboard' }),
    };
    expect(await h.list(owner, 'weather_alert')).toEqual([expect.objectContaining(alert)]);
    expect(await h.list(coParent, 'weather_alert')).toEqual([expect.objectContaining(alert)]);
    expect(await h.list(noWeather, 'weather_alert')).toEqual([]);

    for (const time of ['07:15', '09:00', '19:45']) await h.runAt('2026-08-01', time);
    expect(await h.list(owner, 'weather_alert')).toHaveLength(1);
    // Tomorrow is calm: no alert.
    await h.runAt('2026-08-02', '08:00');
    expect(await h.list(owner, 'weather_alert')).toHaveLength(1);
  });

  it('heat and frost too; imperial families read °F', async () => {
    const owner = await familyIn(48.85);
    await h.ok(owner, 'PUT', '/profile', { preferences: { units: 'imperial' } });
    openMeteo.setDays([
      { date: '2026-08-03', weatherCode: 0, max: 35, min: 22 },
      { date: '2026-08-04', weatherCode: 0, max: 3, min: -4 },
    ]);
    await h.runAt('2026-08-03', '08:00');
    await h.runAt('2026-08-04', '08:00');
    expect((await h.list(owner, 'weather_alert')).map((n) => n.message)).toEqual([
      'Frost in Berlin today (25°F). Plan indoor play if needed.',
      'Heat in Berlin today (95°F). Plan indoor play if needed.',
    ]);
  });

  it('an unreachable forecast makes no alert, never an invented one', async () => {
    const owner = await familyIn(40.71);
    openMeteo.setBehaviour('error-500');
    await h.runAt('2026-08-05', '08:00');
    openMeteo.setBehaviour('ok');
    expect(await h.list(owner, 'weather_alert')).toEqual([]);
  });
});
