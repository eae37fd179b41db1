import type { TInviteCreated } from '@kkb/core/family/members';
import {
  achievementText,
  dailySummaryText,
  reminderText,
  suggestionText,
  weatherAlertText,
} from '@kkb/core/notifications/rules';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type TNotification,
  type TNotificationType,
} from '@kkb/core/notifications/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createNotification } from './service.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Noon in the families' default timezone (America/Los_Angeles): outside quiet hours. */
const NOON = '2026-07-01T19:00:00.000Z';
const clock = new ManualClock(NOON);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());
beforeEach(() => clock.set(NOON));

function call(user: CreatedUser, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.authHeader,
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

async function ok<T>(user: CreatedUser, method: Method, url: string, payload?: unknown) {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return (res.body ? res.json() : undefined) as T;
}

const list = async (user: CreatedUser, query = '') =>
  (await ok<{ notifications: TNotification[] }>(user, 'GET', `/notifications${query}`))
    .notifications;
const unread = async (user: CreatedUser) =>
  (await ok<{ count: number }>(user, 'GET', '/notifications/unread-count')).count;

/** `count` notifications for the user, one second apart from `start`, the first one oldest. */
async function seedNotifications(
  user: CreatedUser,
  count: number,
  type: TNotificationType = 'general',
  start = Date.parse('2026-03-01T09:00:00Z'),
): Promise<TNotification[]> {
  const made: TNotification[] = [];
  for (let i = 0; i < count; i += 1) {
    made.push(
      await createNotification(
        t.app.database.db,
        user.userId,
        { type, title: `Note ${i}`, message: `Message ${i}`, data: {} },
        new Date(start + i * 1000),
      ),
    );
  }
  return made;
}

/** Moves the app's clock to `minutes` after noon; returns that time, ISO. */
function clockAt(minutes: number): string {
  clock.set(NOON);
  clock.advance(minutes * 60_000);
  return clock.now().toISOString();
}

describe('spec §6: notification endpoints need a bearer token', () => {
  it('every route answers the app’s 401 without one', async () => {
    const routes: [Method, string][] = [
      ['GET', '/notifications'],
      ['GET', '/notifications/unread-count'],
      ['GET', '/notifications/some-id'],
      ['POST', '/notifications'],
      ['POST', '/notifications/some-id/read'],
      ['POST', '/notifications/mark-all-read'],
      ['DELETE', '/notifications/some-id'],
      ['DELETE', '/notifications'],
      ['POST', '/notifications/activity-reminder'],
      ['POST', '/notifications/weather-alert'],
      ['POST', '/notifications/achievement'],
      ['POST', '/notifications/activity-suggestion'],
      ['POST', '/notifications/daily-summary'],
      ['GET', '/notifications/preferences'],
      ['PUT', '/notifications/preferences'],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method, url: `/api/v1${url}`, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({
        detail: 'Please log in to continue',
        code: 'AUTHENTICATION_REQUIRED',
      });
    }
  });
});

describe('POST /notifications and GET /notifications/{id}', () => {
  it('§3: a new notification is unread, with both read_at and readAt null', async () => {
    const user = await createUser(t.app);
    const res = await call(user, 'POST', '/notifications', {
      title: 'Pack the kite',
      message: 'For Saturday at the park',
      data: { link: '/dashboard' },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as TNotification;
    expect(created).toEqual({
      id: expect.any(String),
      userId: user.userId,
      type: 'general',
      title: 'Pack the kite',
      message: 'For Saturday at the park',
      data: { link: '/dashboard' },
      read: false,
      read_at: null,
      readAt: null,
      createdAt: expect.any(String),
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    expect(await ok(user, 'GET', `/notifications/${created.id}`)).toEqual(created);
    expect(await unread(user)).toBe(1);
  });

  it('refuses bad bodies with a 400 naming the field', async () => {
    const user = await createUser(t.app);
    const cases: [unknown, string][] = [
      [{ message: 'no title' }, 'title'],
      [{ title: ' ', message: 'blank title' }, 'title'],
      [{ title: 'x'.repeat(121), message: 'long' }, 'title'],
      [{ title: 'T' }, 'message'],
      [{ title: 'T', message: 'M', type: 'spam' }, 'type'],
      [{ title: 'T', message: 'M', data: { link: '//evil.example' } }, 'data.link'],
      [{ title: 'T', message: 'M', data: { note: 'x'.repeat(5000) } }, 'data'],
      [{ title: 'T', message: 'M', data: [] }, 'data'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(user, 'POST', '/notifications', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().detail.startsWith(`${field}:`), res.json().detail).toBe(true);
    }
    expect(await list(user)).toEqual([]);
  });

  it('an unknown id is 404 DATA_NOT_FOUND', async () => {
    const user = await createUser(t.app);
    const res = await call(user, 'GET', '/notifications/no-such-id');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Notification not found', code: 'DATA_NOT_FOUND' });
  });
});

describe('GET /notifications: newest first, paged, filtered', () => {
  it('§9 defaults to skip 0 and limit 50, newest first; skip pages on', async () => {
    const user = await createUser(t.app);
    const made = await seedNotifications(user, 55);
    const newestFirst = made.map((n) => n.id).reverse();
    const first = await list(user);
    expect(first.map((n) => n.id)).toEqual(newestFirst.slice(0, 50));
    expect((await list(user, '?skip=50')).map((n) => n.id)).toEqual(newestFirst.slice(50));
    expect((await list(user, '?skip=3&limit=2')).map((n) => n.id)).toEqual(newestFirst.slice(3, 5));
    expect(await list(user, '?limit=100')).toHaveLength(55);
  });

  it('§7 answers the spec client’s spelling of the collection, /notifications/?skip&limit', async () => {
    const user = await createUser(t.app);
    const made = await seedNotifications(user, 3);
    const res = await call(user, 'GET', '/notifications/?skip=1&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().notifications.map((n: TNotification) => n.id)).toEqual([made[1]!.id]);
    expect((await call(user, 'DELETE', '/notifications/?read_only=false')).statusCode).toBe(204);
    expect(await list(user)).toEqual([]);
  });

  it('limit is at most 100; skip and limit are whole numbers', async () => {
    const user = await createUser(t.app);
    for (const query of ['limit=101', 'limit=0', 'skip=-1', 'limit=abc', 'skip=1.5']) {
      const res = await call(user, 'GET', `/notifications?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('notification_type keeps one kind; read_only=true only the read ones', async () => {
    const user = await createUser(t.app);
    const [general] = await seedNotifications(user, 1);
    const achievements = await seedNotifications(user, 2, 'achievement');
    await ok(user, 'POST', `/notifications/${achievements[0]!.id}/read`);

    const onlyAchievements = await list(user, '?notification_type=achievement');
    expect(onlyAchievements.map((n) => n.id)).toEqual([achievements[1]!.id, achievements[0]!.id]);
    expect((await list(user, '?read_only=true')).map((n) => n.id)).toEqual([achievements[0]!.id]);
    expect(await list(user, '?read_only=false')).toHaveLength(3);
    expect(await list(user, '?read_only=true&notification_type=general')).toEqual([]);
    expect((await list(user, '?notification_type=general'))[0]!.id).toBe(general!.id);
    expect((await call(user, 'GET', '/notifications?notification_type=spam')).statusCode).toBe(400);
    expect((await call(user, 'GET', '/notifications?read_only=maybe')).statusCode).toBe(400);
  });
});

describe('reading: one at a time or all at once (spec §4)', () => {
  it('POST /{id}/read sets read and read_at once; reading again keeps the first time', async () => {
    const user = await createUser(t.app);
    const [note] = await seedNotifications(user, 1);
    const firstRead = clockAt(1);
    const read = await ok<TNotification>(user, 'POST', `/notifications/${note!.id}/read`);
    expect(read).toMatchObject({ id: note!.id, read: true, read_at: firstRead, readAt: firstRead });
    clockAt(2);
    const again = await ok<TNotification>(user, 'POST', `/notifications/${note!.id}/read`);
    expect(again.read_at).toBe(firstRead);
    expect(await unread(user)).toBe(0);
  });

  it('POST /mark-all-read reads every unread one and says how many; read ones keep their time', async () => {
    const user = await createUser(t.app);
    const made = await seedNotifications(user, 3);
    const firstRead = clockAt(1);
    await ok(user, 'POST', `/notifications/${made[0]!.id}/read`);
    expect(await unread(user)).toBe(2);
    const allRead = clockAt(3);
    expect(await ok(user, 'POST', '/notifications/mark-all-read')).toEqual({ marked: 2 });
    expect(await unread(user)).toBe(0);
    const readAt = Object.fromEntries((await list(user)).map((n) => [n.id, n.read_at]));
    expect(readAt).toEqual({
      [made[0]!.id]: firstRead,
      [made[1]!.id]: allRead,
      [made[2]!.id]: allRead,
    });
    expect(await ok(user, 'POST', '/notifications/mark-all-read')).toEqual({ marked: 0 });
  });

  it('reading an unknown one is 404', async () => {
    const user = await createUser(t.app);
    expect((await call(user, 'POST', '/notifications/nope/read')).statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it('DELETE /{id} answers 204, then the notification is gone (404)', async () => {
    const user = await createUser(t.app);
    const [a, b] = await seedNotifications(user, 2);
    const res = await call(user, 'DELETE', `/notifications/${a!.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call(user, 'GET', `/notifications/${a!.id}`)).statusCode).toBe(404);
    expect((await call(user, 'DELETE', `/notifications/${a!.id}`)).statusCode).toBe(404);
    expect((await list(user)).map((n) => n.id)).toEqual([b!.id]);
  });

  it('DELETE /?read_only=true deletes only the read ones; DELETE / all of them', async () => {
    const user = await createUser(t.app);
    const made = await seedNotifications(user, 3);
    await ok(user, 'POST', `/notifications/${made[1]!.id}/read`);
    expect((await call(user, 'DELETE', '/notifications?read_only=true')).statusCode).toBe(204);
    expect((await list(user)).map((n) => n.id)).toEqual([made[2]!.id, made[0]!.id]);
    expect((await call(user, 'DELETE', '/notifications')).statusCode).toBe(204);
    expect(await list(user)).toEqual([]);
    expect((await call(user, 'DELETE', '/notifications?read_only=perhaps')).statusCode).toBe(400);
  });
});

describe('notifications belong to the user (DESIGN)', () => {
  it('another user’s notification answers 404 exactly like a missing one, and stays untouched', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const [mine] = await seedNotifications(owner, 1);
    const missing = await call(stranger, 'GET', '/notifications/no-such-id');
    for (const [method, url] of [
      ['GET', `/notifications/${mine!.id}`],
      ['POST', `/notifications/${mine!.id}/read`],
      ['DELETE', `/notifications/${mine!.id}`],
    ] as const) {
      const res = await call(stranger, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect(await list(stranger)).toEqual([]);
    expect(await unread(stranger)).toBe(0);
    await ok(stranger, 'POST', '/notifications/mark-all-read');
    await ok(stranger, 'DELETE', '/notifications');
    expect(await list(owner)).toEqual([mine]);
  });

  it('a co-parent in the same family does not see them either', async () => {
    const owner = await createUser(t.app);
    const coParent = await joinFamily(owner, 'parent');
    const [mine] = await seedNotifications(owner, 1);
    expect(await list(coParent)).toEqual([]);
    expect((await call(coParent, 'GET', `/notifications/${mine!.id}`)).statusCode).toBe(404);
  });
});

describe('spec §7 typed notifications', () => {
  it('each builds its title and message from its body and answers 201 created', async () => {
    const user = await createUser(t.app);
    const cases: [string, Record<string, unknown>, TNotificationType, { title: string }][] = [
      [
        'activity-reminder',
        {
          activity_name: 'Kite flying',
          scheduled_time: '2020-01-01T10:00:00Z',
          child_name: 'Mia',
        },
        'activity_reminder',
        reminderText({ activity_name: 'Kite flying', child_name: 'Mia' }),
      ],
      [
        'weather-alert',
        { weather_condition: 'Heavy rain', temperature: 12.4, location: 'Austin, TX' },
        'weather_alert',
        weatherAlertText({
          weather_condition: 'Heavy rain',
          temperature: 12.4,
          location: 'Austin, TX',
        }),
      ],
      [
        'achievement',
        { achievement_name: 'First Steps', achievement_description: 'Your first activity' },
        'achievement',
        achievementText({
          achievement_name: 'First Steps',
          achievement_description: 'Your first activity',
          points_earned: 0,
        }),
      ],
      [
        'activity-suggestion',
        { activity_name: 'Puppet show', reason: 'A rainy afternoon idea.', child_age: 5 },
        'activity_suggestion',
        suggestionText({
          activity_name: 'Puppet show',
          reason: 'A rainy afternoon idea.',
          child_age: 5,
        }),
      ],
      [
        'daily-summary',
        { activities_completed: 2, total_time: 45, achievements_earned: 1 },
        'daily_summary',
        dailySummaryText({ activities_completed: 2, total_time: 45, achievements_earned: 1 }),
      ],
    ];
    for (const [route, body, type, text] of cases) {
      const res = await call(user, 'POST', `/notifications/${route}`, body);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(201);
      const delivery = res.json();
      expect(delivery).toEqual({
        status: 'created',
        notification: expect.objectContaining({ type, ...text, read: false, userId: user.userId }),
        deliverAt: delivery.notification.createdAt,
      });
      expect(await ok(user, 'GET', `/notifications/${delivery.notification.id}`)).toEqual(
        delivery.notification,
      );
    }
    expect(await unread(user)).toBe(5);
  });

  it('an achievement’s points default to 0 and show only when there are some', async () => {
    const user = await createUser(t.app);
    const body = { achievement_name: 'Week Warrior', achievement_description: 'Seven days' };
    const none = (
      await ok<{ notification: TNotification }>(user, 'POST', '/notifications/achievement', body)
    ).notification;
    expect(none.message).toBe('Seven days');
    expect(none.data).toMatchObject({ pointsEarned: 0, link: '/achievements' });
    const some = (
      await ok<{ notification: TNotification }>(user, 'POST', '/notifications/achievement', {
        ...body,
        points_earned: 50,
      })
    ).notification;
    expect(some.message).toBe('Seven days (+50 points)');
  });

  it('a reminder naming its activity links to the activity’s page', async () => {
    const user = await createUser(t.app);
    const { notification } = await ok<{ notification: TNotification }>(
      user,
      'POST',
      '/notifications/activity-reminder',
      {
        activity_name: 'Backyard Scavenger Hunt',
        scheduled_time: '2020-01-01T10:00:00+02:00',
        activity_id: 'backyard-scavenger-hunt',
      },
    );
    expect(notification.data).toEqual({
      activityName: 'Backyard Scavenger Hunt',
      scheduledTime: '2020-01-01T08:00:00.000Z',
      activityId: 'backyard-scavenger-hunt',
      link: '/activity/backyard-scavenger-hunt',
    });
  });

  it('refuses bad bodies with a 400 naming the field', async () => {
    const user = await createUser(t.app);
    const cases: [string, unknown, string][] = [
      ['activity-reminder', { activity_name: 'Kites' }, 'scheduled_time'],
      [
        'activity-reminder',
        { activity_name: 'Kites', scheduled_time: 'tomorrow' },
        'scheduled_time',
      ],
      ['activity-reminder', { scheduled_time: '2020-01-01T10:00:00Z' }, 'activity_name'],
      [
        'weather-alert',
        { weather_condition: 'Rain', temperature: '12', location: 'X' },
        'temperature',
      ],
      ['weather-alert', { weather_condition: 'Rain', temperature: 12 }, 'location'],
      ['achievement', { achievement_name: 'A' }, 'achievement_description'],
      [
        'achievement',
        { achievement_name: 'A', achievement_description: 'D', points_earned: -1 },
        'points_earned',
      ],
      ['activity-suggestion', { activity_name: 'A', reason: 'R', child_age: 19 }, 'child_age'],
      ['daily-summary', { activities_completed: 1, total_time: 10 }, 'achievements_earned'],
      [
        'daily-summary',
        { activities_completed: 1.5, total_time: 10, achievements_earned: 0 },
        'activities_completed',
      ],
    ];
    for (const [route, payload, field] of cases) {
      const res = await call(user, 'POST', `/notifications/${route}`, payload);
      expect(res.statusCode, `${route} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().detail.startsWith(`${field}:`), res.json().detail).toBe(true);
    }
    expect(await list(user)).toEqual([]);
  });
});

describe('preferences decide which kinds are made', () => {
  it('a kind switched off makes nothing: 200 switched_off', async () => {
    const user = await createUser(t.app);
    await ok(user, 'PUT', '/notifications/preferences', { achievements: false });
    const res = await call(user, 'POST', '/notifications/achievement', {
      achievement_name: 'First Steps',
      achievement_description: 'Your first activity',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'switched_off', notification: null, deliverAt: null });
    expect(await list(user)).toEqual([]);
    // Other kinds still arrive.
    const summary = await call(user, 'POST', '/notifications/daily-summary', {
      activities_completed: 1,
      total_time: 20,
      achievements_earned: 0,
    });
    expect(summary.statusCode).toBe(201);
  });

  it('the master switch turns every typed kind off; a note of one’s own is still kept', async () => {
    const user = await createUser(t.app);
    await ok(user, 'PUT', '/notifications/preferences', { enabled: false });
    const res = await call(user, 'POST', '/notifications/weather-alert', {
      weather_condition: 'Frost',
      temperature: -3,
      location: 'Oslo',
    });
    expect(res.json().status).toBe('switched_off');
    expect(
      (await call(user, 'POST', '/notifications', { title: 'Mine', message: 'Kept' })).statusCode,
    ).toBe(201);
    expect((await list(user)).map((n) => n.type)).toEqual(['general']);
  });
});

describe('GET|PUT /notifications/preferences', () => {
  it('are the defaults until changed', async () => {
    const user = await createUser(t.app);
    expect(await ok(user, 'GET', '/notifications/preferences')).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
  });

  it('PUT merges deeply and answers all of them; each user has their own', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const first = await ok(user, 'PUT', '/notifications/preferences', {
      dailySummary: false,
      quietHours: { start: '22:30' },
      push: { weatherAlerts: false },
    });
    const expected = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      dailySummary: false,
      quietHours: { ...DEFAULT_NOTIFICATION_PREFERENCES.quietHours, start: '22:30' },
      push: { ...DEFAULT_NOTIFICATION_PREFERENCES.push, weatherAlerts: false },
    };
    expect(first).toEqual(expected);
    const second = await ok(user, 'PUT', '/notifications/preferences', {
      dailySummaryTime: '18:15',
      quietHours: { enabled: false },
    });
    expect(second).toEqual({
      ...expected,
      dailySummaryTime: '18:15',
      quietHours: { ...expected.quietHours, enabled: false },
    });
    expect(await ok(user, 'GET', '/notifications/preferences')).toEqual(second);
    expect(await ok(other, 'GET', '/notifications/preferences')).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
  });

  it('refuses bad values with a 400 naming the field, and changes nothing', async () => {
    const user = await createUser(t.app);
    const cases: [unknown, string][] = [
      [{ enabled: 'yes' }, 'enabled'],
      [{ dailySummaryTime: '25:00' }, 'dailySummaryTime'],
      [{ dailySummaryTime: '7:00' }, 'dailySummaryTime'],
      [{ quietHours: { end: 'morning' } }, 'quietHours.end'],
      [{ push: { achievements: 1 } }, 'push.achievements'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(user, 'PUT', '/notifications/preferences', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail.startsWith(`${field}:`), res.json().detail).toBe(true);
    }
    expect(await ok(user, 'GET', '/notifications/preferences')).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
  });
});

async function joinFamily(owner: CreatedUser, role: 'parent' | 'caregiver') {
  const member = await createUser(t.app, { name: `A ${role}` });
  const { token } = await ok<TInviteCreated>(owner, 'POST', '/family/invites', { role });
  await ok(member, 'POST', '/family/join', { token });
  return { ...member, familyId: owner.familyId };
}

describe('spec §3 profile switches are each member’s own notification preferences', () => {
  const switchesOf = async (user: CreatedUser) => {
    const { preferences } = await ok<{ preferences: Record<string, unknown> }>(
      user,
      'GET',
      '/profile',
    );
    return {
      notifications: preferences.notifications,
      weatherAlerts: preferences.weatherAlerts,
      activityReminders: preferences.activityReminders,
    };
  };

  it('GET /profile shows the member’s preferences: enabled, weatherAlerts, activityReminders', async () => {
    const owner = await createUser(t.app);
    expect(await switchesOf(owner)).toEqual({
      notifications: true,
      weatherAlerts: true,
      activityReminders: true,
    });
    await ok(owner, 'PUT', '/notifications/preferences', {
      enabled: false,
      activityReminders: false,
    });
    expect(await switchesOf(owner)).toEqual({
      notifications: false,
      weatherAlerts: true,
      activityReminders: false,
    });
  });

  it('PUT /profile writes them to the member’s preferences, the rest to the family', async () => {
    const owner = await createUser(t.app);
    const coParent = await joinFamily(owner, 'parent');
    const res = await call(coParent, 'PUT', '/profile', {
      preferences: { weatherAlerts: false, notifications: false, units: 'imperial' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences).toMatchObject({
      notifications: false,
      weatherAlerts: false,
      activityReminders: true,
      units: 'imperial',
    });
    expect(await ok(coParent, 'GET', '/notifications/preferences')).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      enabled: false,
      weatherAlerts: false,
    });
    // The owner keeps their own switches; the family setting (units) is shared.
    const ownerProfile = await ok<{ preferences: Record<string, unknown> }>(
      owner,
      'GET',
      '/profile',
    );
    expect(ownerProfile.preferences).toMatchObject({
      notifications: true,
      weatherAlerts: true,
      units: 'imperial',
    });
    expect(await ok(owner, 'GET', '/notifications/preferences')).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
  });

  it('a profile change without the switches leaves the preferences as they are', async () => {
    const owner = await createUser(t.app);
    await ok(owner, 'PUT', '/notifications/preferences', { weatherAlerts: false });
    await ok(owner, 'PUT', '/profile', { displayName: 'The Lees' });
    expect((await switchesOf(owner)).weatherAlerts).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('documents every route with its errors', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    // Beside each route's own: 400, 500 and 503 everywhere; 404 and 414 with path parameters;
    // 413 and 415 for methods with a body (plugins/api-contract.ts).
    const expected: [string, string, string[]][] = [
      ['/api/v1/notifications', 'get', ['200', '400', '401', '500', '503']],
      // Creates: a key sent again with another request is 422, one still being answered 409.
      [
        '/api/v1/notifications',
        'post',
        ['201', '400', '401', '409', '413', '415', '422', '500', '503'],
      ],
      ['/api/v1/notifications', 'delete', ['204', '400', '401', '413', '415', '500', '503']],
      ['/api/v1/notifications/unread-count', 'get', ['200', '400', '401', '500', '503']],
      ['/api/v1/notifications/{id}', 'get', ['200', '400', '401', '404', '414', '500', '503']],
      [
        '/api/v1/notifications/{id}',
        'delete',
        ['204', '400', '401', '404', '413', '414', '415', '500', '503'],
      ],
      [
        '/api/v1/notifications/{id}/read',
        'post',
        ['200', '400', '401', '404', '413', '414', '415', '500', '503'],
      ],
      [
        '/api/v1/notifications/mark-all-read',
        'post',
        ['200', '400', '401', '413', '415', '500', '503'],
      ],
      ['/api/v1/notifications/preferences', 'get', ['200', '400', '401', '500', '503']],
      [
        '/api/v1/notifications/preferences',
        'put',
        ['200', '400', '401', '413', '415', '500', '503'],
      ],
      ...(
        [
          'activity-reminder',
          'weather-alert',
          'achievement',
          'activity-suggestion',
          'daily-summary',
        ] as const
      ).map((route): [string, string, string[]] => [
        `/api/v1/notifications/${route}`,
        'post',
        ['200', '201', '202', '400', '401', '409', '413', '415', '422', '500', '503'],
      ]),
    ];
    for (const [path, method, codes] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation.responses).sort(), `${method} ${path}`).toEqual(codes);
      expect(operation.security).toEqual([{ bearer: [] }]);
    }
  });
});
