import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { startPushService } from '../../test/push-service.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// 12:00 in the default family timezone (America/Los_Angeles), outside the default quiet hours.
const clock = new ManualClock('2026-07-01T19:00:00.000Z');
let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  pushService = await startPushService();
  // The local push service: listed (it is on a private address) and its certificate trusted.
  t = await createTestApp(
    { PUSH_SERVICE_HOSTS: pushService.host },
    { clock, pushTrustedCa: pushService.ca },
  );
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});
beforeEach(() => {
  pushService.received.length = 0;
});

async function subscribedUser(): Promise<CreatedUser> {
  const user = await createUser(t.app);
  const device = pushService.device();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: user.authHeader,
    payload: { endpoint: device.endpoint, keys: device.keys },
  });
  expect(res.statusCode, res.body).toBe(201);
  return user;
}

const post = (user: CreatedUser, url: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/notifications${url}`,
    headers: user.authHeader,
    payload,
  });

const setPreferences = (user: CreatedUser, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/notifications/preferences',
    headers: user.authHeader,
    payload,
  });

describe('every notification the app makes is also pushed (issue 16)', () => {
  it('as {title, body, icon, data:{link}, label} to the user’s devices', async () => {
    const user = await subscribedUser();
    const res = await post(user, '/activity-reminder', {
      activity_name: 'Cardboard Box Castle',
      scheduled_time: clock.now().toISOString(),
      activity_id: 'cardboard-box-castle',
    });
    expect(res.statusCode, res.body).toBe(201);
    const notification = res.json().notification as { id: string; title: string; message: string };
    await t.app.jobs.runDue();
    expect(pushService.received.map((r) => r.message)).toEqual([
      {
        title: notification.title,
        body: notification.message,
        icon: '/icon-192.png',
        label: 'activity_reminder',
        data: { link: '/activity/cardboard-box-castle', notificationId: notification.id },
      },
    ]);
  });

  it('not when the user turned push off for that kind; the notification is still made', async () => {
    const user = await subscribedUser();
    await setPreferences(user, { push: { achievements: false } });
    const res = await post(user, '/achievement', {
      achievement_name: 'First Steps',
      achievement_description: 'Your first activity',
      points_earned: 10,
    });
    expect(res.statusCode).toBe(201);
    await t.app.jobs.runDue();
    expect(pushService.received).toHaveLength(0);
  });
});

// Issue 29: quiet hours (21:00-07:00 by default) held back the notification itself, so an
// achievement earned at 21:30 was not in the list until 07:00. They hold back only the push.
describe('quiet hours hold back the push, never the notification', () => {
  /** A local time in Berlin in January (UTC+1). */
  const berlin = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
  const labels = () => pushService.received.map((r) => (r.message as { label: string }).label);
  const runAt = async (instant: Date) => {
    clock.set(instant);
    await t.app.jobs.runDue();
    // A push queued by a job that just ran goes out in the next round.
    await t.app.jobs.runDue();
  };

  async function berlinFamily(): Promise<CreatedUser> {
    const user = await subscribedUser();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: user.authHeader,
      payload: { familyInfo: { timezone: 'Europe/Berlin' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return user;
  }

  const list = async (user: CreatedUser) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: user.authHeader })
    ).json().notifications as { id: string; type: string; createdAt: string }[];

  it('an achievement earned at 21:30 is in the list at once; its push goes out at 07:00', async () => {
    const user = await berlinFamily();
    clock.set(berlin('2026-01-15', '21:30'));
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities/backyard-scavenger-hunt/complete',
      headers: user.authHeader,
      payload: {},
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await list(user)).map((n) => [n.type, n.createdAt])).toEqual([
      ['achievement', berlin('2026-01-15', '21:30').toISOString()],
    ]);
    await runAt(berlin('2026-01-15', '21:30'));
    await runAt(berlin('2026-01-16', '06:59'));
    expect(pushService.received).toHaveLength(0);
    await runAt(berlin('2026-01-16', '07:00'));
    expect(labels()).toEqual(['achievement']);
  });

  it('a held push is dropped when its notification was read meanwhile', async () => {
    const user = await berlinFamily();
    clock.set(berlin('2026-01-17', '22:10'));
    const res = await post(user, '/achievement', {
      achievement_name: 'Night owl',
      achievement_description: 'Played late',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().notification as { id: string };
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${id}/read`,
      headers: user.authHeader,
    });
    expect(read.statusCode).toBe(200);
    await runAt(berlin('2026-01-18', '07:00'));
    expect(pushService.received).toHaveLength(0);
  });

  it('a reminder is made at its time inside quiet hours; its push, late by morning, is dropped', async () => {
    const user = await berlinFamily();
    clock.set(berlin('2026-01-19', '18:00'));
    const res = await post(user, '/activity-reminder', {
      activity_name: 'Star gazing',
      scheduled_time: berlin('2026-01-19', '22:00').toISOString(),
    });
    expect(res.json()).toMatchObject({
      status: 'scheduled',
      deliverAt: berlin('2026-01-19', '22:00').toISOString(),
    });
    await runAt(berlin('2026-01-19', '22:00'));
    expect((await list(user)).map((n) => n.createdAt)).toEqual([
      berlin('2026-01-19', '22:00').toISOString(),
    ]);
    await runAt(berlin('2026-01-20', '07:00'));
    expect(pushService.received).toHaveLength(0);
  });

  it('what speaks of today is pushed when quiet hours end the same morning', async () => {
    const user = await berlinFamily();
    clock.set(berlin('2026-01-21', '06:30'));
    const res = await post(user, '/weather-alert', {
      weather_condition: 'Frost',
      temperature: -4,
      location: 'Berlin',
    });
    expect(res.statusCode).toBe(201);
    await runAt(berlin('2026-01-21', '06:30'));
    expect(pushService.received).toHaveLength(0);
    await runAt(berlin('2026-01-21', '07:00'));
    expect(labels()).toEqual(['weather_alert']);
  });
});
