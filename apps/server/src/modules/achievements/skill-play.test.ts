// Issue 35: each child's growth at a glance. GET /stats/skills counts, per child and week, the
// completions that named them and the skill areas their activities exercise.
import type { TSkillPlay } from '@kkb/core/achievements/skill-play';
import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { OWN_ACTIVITY } from '../../test/own-activity.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Tuesday 3 March 2026, 10:00 in Berlin.
const NOW = '2026-03-03T09:00:00.000Z';
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.parse(NOW) - days * DAY_MS).toISOString();

describe('GET /stats/skills (issue 35)', () => {
  const clock = new ManualClock(NOW);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(() => t.close());

  const call = (user: CreatedUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.authHeader,
      ...(payload !== undefined && { payload }),
    });

  async function family(names: string[]) {
    const user = await createUser(t.app);
    const profile = await call(user, 'PUT', '/profile', {
      familyInfo: { timezone: 'Europe/Berlin' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const ids: string[] = [];
    for (const name of names) {
      const res = await call(user, 'POST', '/children', { name, age: 6 });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    return { user, ids };
  }

  const complete = async (
    user: CreatedUser,
    activityId: string,
    childIds: string[],
    completedAt: string,
  ) => {
    const res = await call(user, 'POST', `/activities/${activityId}/complete`, {
      childIds,
      completedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const skillPlay = async (user: CreatedUser, query = '') => {
    const res = await call(user, 'GET', `/stats/skills${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSkillPlay>();
  };

  it('a new family: four weeks ending today in its timezone, every child at zero', async () => {
    const { user, ids } = await family(['Maya', 'Leo']);
    const body = await skillPlay(user);
    expect(body.weeks).toEqual([
      { from: '2026-02-04', to: '2026-02-10' },
      { from: '2026-02-11', to: '2026-02-17' },
      { from: '2026-02-18', to: '2026-02-24' },
      { from: '2026-02-25', to: '2026-03-03' },
    ]);
    expect(body.children.map((c) => [c.childId, c.name])).toEqual([
      [ids[0], 'Maya'],
      [ids[1], 'Leo'],
    ]);
    for (const child of body.children) {
      expect(child.weeks).toHaveLength(4);
      for (const week of child.weeks) {
        expect(week.activities).toBe(0);
        expect(Object.values(week.skills).every((n) => n === 0)).toBe(true);
      }
    }
  });

  it("counts each completion for the children it names, in its week and its activity's skills; own activities only in skills the family chose", async () => {
    const { user, ids } = await family(['Maya', 'Leo']);
    const [maya, leo] = ids as [string, string];
    const [together, alone] = BUILT_IN_ACTIVITIES.filter((a) => a.ageRange[0] <= 6);
    await complete(user, together!.id, [maya, leo], daysAgo(1));
    await complete(user, alone!.id, [maya], daysAgo(9));
    // Before the four weeks, and a completion naming nobody: not counted.
    await complete(user, alone!.id, [maya], daysAgo(40));
    await complete(user, together!.id, [], daysAgo(2));
    const guessed = await call(user, 'POST', '/activities', OWN_ACTIVITY);
    const chosen = await call(user, 'POST', '/activities', {
      ...OWN_ACTIVITY,
      title: 'Story Disco',
      skills: ['language'],
    });
    expect(guessed.statusCode, guessed.body).toBe(201);
    expect(chosen.statusCode, chosen.body).toBe(201);
    await complete(user, guessed.json<{ id: string }>().id, [leo], daysAgo(3));
    await complete(user, chosen.json<{ id: string }>().id, [leo], daysAgo(3));

    const body = await skillPlay(user);
    const [mayaPlay, leoPlay] = body.children;
    const thisWeek = 3;
    const lastWeek = 2;
    expect(mayaPlay?.weeks[thisWeek]?.activities).toBe(1);
    for (const skill of together!.skills) expect(mayaPlay?.weeks[thisWeek]?.skills[skill]).toBe(1);
    expect(mayaPlay?.weeks[lastWeek]?.activities).toBe(1);
    for (const skill of alone!.skills) expect(mayaPlay?.weeks[lastWeek]?.skills[skill]).toBe(1);
    expect(mayaPlay?.weeks[0]?.activities).toBe(0);
    // Leo: the shared one, an own one with a guessed skill (counted as play only) and one whose
    // family chose language.
    expect(leoPlay?.weeks[thisWeek]?.activities).toBe(3);
    const expected = { ...Object.fromEntries(together!.skills.map((s) => [s, 1])) };
    expected.language = (expected.language ?? 0) + 1;
    expect(leoPlay?.weeks[thisWeek]?.skills).toMatchObject(expected);
    const counted = Object.values(leoPlay!.weeks[thisWeek]!.skills).reduce((a, b) => a + b, 0);
    expect(counted).toBe(together!.skills.length + 1);
  });

  it('weeks asks for 1 to 12 weeks; out of range is 400; another family sees only its own', async () => {
    const { user } = await family(['Maya']);
    expect((await skillPlay(user, '?weeks=2')).weeks).toEqual([
      { from: '2026-02-18', to: '2026-02-24' },
      { from: '2026-02-25', to: '2026-03-03' },
    ]);
    for (const weeks of ['0', '13', 'x', '']) {
      const res = await call(user, 'GET', `/stats/skills?weeks=${weeks}`);
      expect(res.statusCode, weeks).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const { user: other } = await family(['Noa']);
    expect((await skillPlay(other)).children.map((c) => c.name)).toEqual(['Noa']);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/stats/skills' });
    expect(anonymous.statusCode).toBe(401);
  });
});
