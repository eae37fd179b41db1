// Issue 29, GET /recommendations as a parent meets it: made-up weather steers nothing, ages the
// catalogue cannot serve are said plainly, interests show, the top 6 vary, the activity just done
// waits. The rules themselves are core's (activities/ranking-rules.test.ts).
import { ageCoverage } from '@kkb/core/activities/age-coverage';
import type { TRecommendationsResponse } from '@kkb/core/activities/recommend';
import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { startOpenMeteo } from '../../test/open-meteo.ts';
import { OWN_ACTIVITY } from '../../test/own-activity.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Thursday 15 January 2026, noon in Berlin: daylight, not yet evening.
const NOW = '2026-01-15T11:00:00.000Z';
const WEATHER_WORDS = /weather|sunny|rain|cloud|snow|wind|storm/i;

describe('GET /recommendations: weather, ages, interests, variety (issue 29)', () => {
  const openMeteo = startOpenMeteo();
  const clock = new ManualClock(NOW);
  let t: TestApp;

  beforeAll(async () => {
    const url = await openMeteo.listen();
    t = await createTestApp(
      { WEATHER_PROVIDER: 'open-meteo', OPEN_METEO_URL: url, OPEN_METEO_GEOCODING_URL: url },
      { clock },
    );
  });
  afterAll(async () => {
    await t.close();
    await openMeteo.close();
  });
  beforeEach(() => openMeteo.setBehaviour('ok'));

  const call = (user: CreatedUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.authHeader,
      ...(payload !== undefined && { payload }),
    });
  const recommend = async (user: CreatedUser, query = '') => {
    const res = await call(user, 'GET', `/recommendations${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TRecommendationsResponse>();
  };

  /** A Berlin family (each at its own point, so no cached reading is shared) with children. */
  async function family(children: { name: string; age: number; interests?: string[] }[]) {
    const user = await createUser(t.app);
    const lat = 52 + Math.random();
    const profile = await call(user, 'PUT', '/profile', {
      location: { city: 'Berlin', country: 'Germany', lat, lon: 13.4 },
      familyInfo: { timezone: 'Europe/Berlin' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const ids: string[] = [];
    for (const child of children) {
      const res = await call(user, 'POST', '/children', child);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    return { user, ids };
  }

  it('fallback weather (live weather failed) is answered, marked, and steers nothing: no weather in the basis or the reasons', async () => {
    const { user } = await family([{ name: 'Mia', age: 6 }]);
    openMeteo.setBehaviour('error-500');
    const fallback = await recommend(user);
    expect(fallback.weather).toMatchObject({ source: 'fallback', condition: 'sunny' });
    expect(fallback.basis).toMatchObject({ weather: null, location: 'both' });
    expect(fallback.recommendations).toHaveLength(6);
    for (const r of fallback.recommendations) {
      expect(r.reasons.join(' ')).not.toMatch(WEATHER_WORDS);
    }
    // Live weather steers: the stand-in's rain rules outdoor-only play out (unless rain play).
    openMeteo.setBehaviour('ok');
    const { user: other } = await family([{ name: 'Mia', age: 6 }]);
    const live = await recommend(other);
    expect(live.weather.source).toBe('open-meteo');
    expect(live.basis.weather).toBe('rainy');
    for (const r of live.recommendations) {
      if (r.activity.location === 'outdoor') expect(r.activity.weather).toContain('rainy');
    }
  });

  it('a 1- and a 17-year-old: activities for the 1-year-old, never "ages 1 to 17", and every card says Sam helps', async () => {
    const { user, ids } = await family([
      { name: 'Ada', age: 1 },
      { name: 'Sam', age: 17 },
    ]);
    const body = await recommend(user);
    expect(body.basis).toMatchObject({
      age: 1,
      helperIds: [ids[1]],
      ageCoverage: ageCoverage(BUILT_IN_ACTIVITIES),
    });
    expect(body.recommendations).toHaveLength(6);
    for (const r of body.recommendations) {
      expect(r.activity.ageRange[0]).toBeLessThanOrEqual(1);
      expect(r.reasons.join(' ')).not.toMatch(/ages 1 to 17|Ada and Sam/);
      expect(r.reasons.some((reason) => reason.endsWith('Sam (17) can help'))).toBe(true);
    }
  });

  it('a 17-year-old alone gets nothing, with the ages the activities cover; an own activity for teenagers is ranked for them', async () => {
    const { user, ids } = await family([{ name: 'Sam', age: 17 }]);
    const body = await recommend(user);
    expect(body.recommendations).toEqual([]);
    expect(body.basis).toMatchObject({
      age: null,
      lookAhead: false,
      helperIds: ids,
      ageCoverage: ageCoverage(BUILT_IN_ACTIVITIES),
    });
    const ages = await call(user, 'GET', '/activities/ages');
    expect(ages.json()).toEqual(ageCoverage(BUILT_IN_ACTIVITIES));
    // The coverage comes from the activities: the family's own one for 13 to 17 reaches Sam.
    const own = await call(user, 'POST', '/activities', { ...OWN_ACTIVITY, ageRange: [13, 17] });
    expect(own.statusCode, own.body).toBe(201);
    expect((await call(user, 'GET', '/activities/ages')).json()).toMatchObject({ oldest: 17 });
    const withOwn = await recommend(user);
    expect(withOwn.basis).toMatchObject({ age: 17, helperIds: [] });
    expect(withOwn.recommendations.map((r) => r.activity.title)).toEqual([OWN_ACTIVITY.title]);
  });

  it("a child's interests lift matching activities, with a reason naming the child; the top 6 are of every category", async () => {
    const { user } = await family([{ name: 'Mia', age: 6, interests: ['drawing'] }]);
    const body = await recommend(user);
    expect(body.recommendations.some((r) => r.reasons[0] === 'Mia loves drawing')).toBe(true);
    const categories = body.recommendations.map((r) => r.activity.category);
    const kinds = new Set(BUILT_IN_ACTIVITIES.map((a) => a.category)).size;
    expect(new Set(categories).size).toBe(Math.min(kinds, 6));
  });

  it('the activity just done leaves the top 6, and comes back a day later', async () => {
    const { user } = await family([{ name: 'Mia', age: 6 }]);
    const [top] = (await recommend(user)).recommendations;
    const done = await call(user, 'POST', `/activities/${top!.activity.id}/complete`, {
      minutes: 20,
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = await recommend(user);
    expect(after.recommendations).toHaveLength(6);
    expect(after.recommendations.map((r) => r.activity.id)).not.toContain(top!.activity.id);
    clock.set(new Date(Date.parse(NOW) + 25 * 60 * 60 * 1000));
    try {
      const dayLater = await recommend(user, '?timeAvailable=30');
      const again = dayLater.recommendations.find((r) => r.activity.id === top!.activity.id);
      expect(again?.reasons).toContain("You've tried this before");
    } finally {
      clock.set(new Date(NOW));
    }
  });

  it('balance (issue 35): a skill a child played little this week lifts activities for it, with a reason naming the child; another child is not said to', async () => {
    const { user, ids } = await family([
      { name: 'Maya', age: 5 },
      { name: 'Leo', age: 7 },
    ]);
    const [maya, leo] = ids as [string, string];
    const moving = BUILT_IN_ACTIVITIES.filter(
      (a) => a.skills.length === 1 && a.skills[0] === 'gross-motor' && a.ageRange[0] <= 5,
    ).slice(0, 3);
    expect(moving).toHaveLength(3);
    for (const [i, activity] of moving.entries()) {
      const done = await call(user, 'POST', `/activities/${activity.id}/complete`, {
        completedAt: new Date(Date.parse(NOW) - (i + 2) * 24 * 60 * 60 * 1000).toISOString(),
        childIds: [maya],
      });
      expect(done.statusCode, done.body).toBe(200);
    }
    // Leo's one completion was more than a week ago: nothing to balance for him.
    const old = await call(user, 'POST', `/activities/${moving[0]!.id}/complete`, {
      completedAt: new Date(Date.parse(NOW) - 8 * 24 * 60 * 60 * 1000).toISOString(),
      childIds: [leo],
    });
    expect(old.statusCode, old.body).toBe(200);
    const forMaya = await recommend(user, `?childId=${maya}`);
    const balanced = forMaya.recommendations.flatMap((r) =>
      r.reasons
        .filter((reason) => reason.startsWith("Maya hasn't done much"))
        .map((reason) => ({ reason, skills: r.activity.skills })),
    );
    expect(balanced.length).toBeGreaterThan(0);
    for (const { reason, skills } of balanced) {
      expect(reason).toMatch(
        /^Maya hasn't done much (hands-on|language|thinking|social|creative) play this week$/,
      );
      expect(skills).not.toEqual(['gross-motor']);
    }
    const forLeo = await recommend(user, `?childId=${leo}`);
    for (const r of forLeo.recommendations) {
      expect(r.reasons.join(' ')).not.toMatch(/this week/);
    }
  });
});
