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
  t = await createTestApp({}, { clock });
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

  it('inside quiet hours, the push waits with the notification for their end', async () => {
    const user = await subscribedUser();
    await setPreferences(user, { quietHours: { enabled: true, start: '11:00', end: '13:00' } });
    const res = await post(user, '/weather-alert', {
      weather_condition: 'Heavy rain',
      temperature: 12,
      location: 'Haifa',
    });
    expect(res.json().status).toBe('scheduled');
    await t.app.jobs.runDue();
    expect(pushService.received).toHaveLength(0);
    clock.advance(60 * 60_000);
    await t.app.jobs.runDue(); // 13:00: the notification is made and its push queued
    await t.app.jobs.runDue();
    expect(pushService.received.map((r) => (r.message as { label: string }).label)).toEqual([
      'weather_alert',
    ]);
  });
});
