// Issue 30: a device that holds the catalogue ranks as the server does, so it keeps what the
// ranking reads of recent play: GET /stats/recent-play, the family's completions of the last
// week (the balance of skills; the last day is held back) with the children each named.
import type { TRecentPlay } from '@kkb/core/activities/recent-play';
import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const NOW = '2026-03-03T09:00:00.000Z';
const HOUR_MS = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.parse(NOW) - hours * HOUR_MS).toISOString();
const [FIRST, SECOND] = BUILT_IN_ACTIVITIES;

describe('GET /stats/recent-play (issue 30)', () => {
  const clock = new ManualClock(NOW);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(() => t.close());

  const call = (user: CreatedUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.authHeader,
      ...(payload !== undefined && { payload }),
    });

  async function childOf(user: CreatedUser, name: string): Promise<string> {
    const res = await call(user, 'POST', '/children', { name, age: 6 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  }

  async function complete(user: CreatedUser, activityId: string, at: string, childIds?: string[]) {
    const res = await call(user, 'POST', `/activities/${activityId}/complete`, {
      completedAt: at,
      ...(childIds !== undefined && { childIds }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it("answers the week's completions, oldest first, with the children who played; nothing older, nobody else's", async () => {
    const user = await createUser(t.app);
    const mia = await childOf(user, 'Mia');
    const ben = await childOf(user, 'Ben');
    await complete(user, FIRST!.id, hoursAgo(7 * 24 + 1), [mia]);
    await complete(user, SECOND!.id, hoursAgo(7 * 24 - 1), [mia, ben]);
    await complete(user, FIRST!.id, hoursAgo(2));
    const other = await createUser(t.app);
    await complete(other, SECOND!.id, hoursAgo(1));

    const res = await call(user, 'GET', '/stats/recent-play');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TRecentPlay>();
    expect(body.since).toBe(hoursAgo(7 * 24));
    expect(body.completions).toHaveLength(2);
    expect(body.completions[0]).toMatchObject({
      activityId: SECOND!.id,
      completedAt: hoursAgo(7 * 24 - 1),
    });
    expect([...body.completions[0]!.childIds].sort()).toEqual([mia, ben].sort());
    expect(body.completions[1]).toEqual({
      activityId: FIRST!.id,
      completedAt: hoursAgo(2),
      childIds: [],
    });
  });

  it('moves with the clock, and needs a sign-in', async () => {
    const user = await createUser(t.app);
    await complete(user, FIRST!.id, hoursAgo(3));
    clock.set(new Date(Date.parse(NOW) + 7 * 24 * HOUR_MS).toISOString());
    try {
      const later = (await call(user, 'GET', '/stats/recent-play')).json<TRecentPlay>();
      expect(later.completions).toEqual([]);
    } finally {
      clock.set(NOW);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/stats/recent-play' });
    expect(anonymous.statusCode).toBe(401);
  });
});
