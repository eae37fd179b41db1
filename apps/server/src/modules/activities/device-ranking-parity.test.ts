// Issue 30, one ranking in two places: for generated families and choices, the device's ranking
// (the web app's own function, fed with what the device holds: the catalogue, the profile, the
// family's records and the weather reading, as the API answers them) gives the server's top 6,
// with the same scores, reasons and basis. Completions are made through the API, naming the
// children who played (the balance of skills reads them from `GET /stats/recent-play`), and marks
// are only ever set, as a parent does.
import { CATEGORIES } from '@kkb/core/activities/categories';
import type { TBuiltInCatalogue, TFamilyCatalogue } from '@kkb/core/activities/device-catalogue';
import type { TRecentPlay } from '@kkb/core/activities/recent-play';
import type { TRecommendationQuery } from '@kkb/core/activities/recommend';
import {
  compactRecommendations,
  type TCompactRecommendationsResponse,
} from '@kkb/core/activities/recommendations-view';
import type { TUserActivityList } from '@kkb/core/activities/user-activity';
import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import type { TWeather } from '@kkb/core/weather/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendOnDevice } from '../../../../web/src/features/activities/api/rank-on-device.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { startOpenMeteo } from '../../test/open-meteo.ts';
import { OWN_ACTIVITY } from '../../test/own-activity.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Moments of one day in January, from before sunrise to night, as UTC instants. */
const MOMENTS = [
  '2026-01-15T05:30:00.000Z',
  '2026-01-15T11:00:00.000Z',
  '2026-01-15T16:00:00.000Z',
  '2026-01-15T17:30:00.000Z',
  '2026-01-15T21:00:00.000Z',
];
const TIME_ZONES = ['Europe/Berlin', 'America/Los_Angeles', 'Asia/Tokyo'];
const NAMES = ['Ada', 'Ben', 'Mia', 'Noa', 'Sam', ''];
const INTERESTS = ['drawing', 'dinosaurs', 'music', 'football', 'space', 'cooking', 'animals'];
const PLACES = ['indoor', 'outdoor', 'both'] as const;
const CATEGORY_WORDS = [...CATEGORIES.map((c) => c.id), ...CATEGORIES.map((c) => c.name)];
/** Activities to mark and complete: a spread of the catalogue, and the family's own. */
const MARKABLE = BUILT_IN_ACTIVITIES.filter((_, i) => i % 7 === 0).map((a) => a.id);

const childArbitrary = fc.record({
  name: fc.constantFrom(...NAMES.filter((n) => n !== '')),
  age: fc.integer({ min: 0, max: 17 }),
  interests: fc.subarray(INTERESTS, { maxLength: 3 }),
  preferences: fc.record({
    indoorOutdoor: fc.constantFrom(...PLACES),
    favoriteTypes: fc.subarray(CATEGORY_WORDS, { maxLength: 2 }),
  }),
});

const familyArbitrary = fc.record({
  now: fc.constantFrom(...MOMENTS),
  timezone: fc.constantFrom(...TIME_ZONES),
  liveWeather: fc.boolean(),
  defaults: fc.record({
    timeAvailable: fc.constantFrom(15, 30, 45, 60, 90),
    location: fc.constantFrom(...PLACES),
  }),
  children: fc.array(childArbitrary, { maxLength: 4 }),
  ownActivities: fc.array(
    fc.record({
      ageRange: fc.constantFrom([0, 3], [4, 9], [8, 12], [13, 17]),
      category: fc.constantFrom(...CATEGORIES.map((c) => c.id)),
      location: fc.constantFrom(...PLACES),
    }),
    { maxLength: 2 },
  ),
  marks: fc.array(
    fc.record({
      pick: fc.nat(),
      status: fc.constantFrom('favorite', 'tried'),
    }),
    { maxLength: 6 },
  ),
  // Within the last day (held back), the last week (the balance of skills) and just before it,
  // each naming some of the children, as a parent marks who played.
  completions: fc.array(
    fc.record({
      pick: fc.nat(),
      hoursAgo: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 8 * 24 })),
      childPicks: fc.uniqueArray(fc.nat({ max: 3 }), { maxLength: 3 }),
    }),
    { maxLength: 12 },
  ),
  choices: fc.array(
    fc.record({
      timeAvailable: fc.option(fc.constantFrom(5, 15, 30, 45, 60, 90, 120), { nil: undefined }),
      location: fc.option(fc.constantFrom(...PLACES), { nil: undefined }),
      energyLevel: fc.option(fc.constantFrom('low', 'medium', 'high'), { nil: undefined }),
      weather: fc.option(fc.constantFrom('sunny', 'cloudy', 'rainy', 'snowy', 'windy', 'stormy'), {
        nil: undefined,
      }),
      rightNow: fc.option(fc.boolean(), { nil: undefined }),
      childPick: fc.option(fc.nat(), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

type Family = typeof familyArbitrary extends fc.Arbitrary<infer F> ? F : never;

describe('device ranking parity (issue 30: one ranking, two places)', () => {
  const openMeteo = startOpenMeteo();
  const clock = new ManualClock(MOMENTS[0]!);
  let t: TestApp;
  let place = 0;

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

  async function call<T>(
    user: CreatedUser,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) {
    const res = await t.app.inject({
      method,
      url: url.startsWith('/api/') ? url : `/api/v1${url}`,
      headers: user.authHeader,
      ...(payload !== undefined && { payload }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json<T>();
  }

  /** Makes the family through the API, as its parents would. */
  async function makeFamily(family: Family): Promise<{ user: CreatedUser; childIds: string[] }> {
    clock.set(family.now);
    // Live weather, or its failure (the fallback: unknown weather). Each family lives at its own
    // place, so no reading cached for another family is reused.
    openMeteo.setBehaviour(family.liveWeather ? 'ok' : 'error-500');
    place += 1;
    const user = await createUser(t.app);
    await call(user, 'PUT', '/profile', {
      location: { city: 'Berlin', country: 'Germany', lat: 40 + place / 1000, lon: 13.4 },
      familyInfo: { timezone: family.timezone },
      preferences: { defaultFilters: family.defaults },
    });
    const childIds: string[] = [];
    for (const child of family.children) {
      childIds.push((await call<{ id: string }>(user, 'POST', '/children', child)).id);
    }
    const ids = [...MARKABLE];
    for (const own of family.ownActivities) {
      ids.push(
        (await call<{ id: string }>(user, 'POST', '/activities', { ...OWN_ACTIVITY, ...own })).id,
      );
    }
    for (const mark of family.marks) {
      await call(user, 'PUT', `/user-activities/${ids[mark.pick % ids.length]}`, {
        status: mark.status,
      });
    }
    for (const done of family.completions) {
      const played = done.childPicks.flatMap((pick) => childIds[pick] ?? []);
      await call(user, 'POST', `/activities/${ids[done.pick % ids.length]}/complete`, {
        completedAt: new Date(Date.parse(family.now) - done.hoursAgo * HOUR_MS).toISOString(),
        ...(played.length > 0 && { childIds: played }),
      });
    }
    return { user, childIds };
  }

  /** What the device holds after the sign-in: what the app fetches and keeps. */
  async function deviceHolds(user: CreatedUser) {
    const family = await call<TFamilyCatalogue>(user, 'GET', '/catalogue');
    const builtIn = await call<TBuiltInCatalogue>(user, 'GET', family.builtIn.url);
    const records = await call<TUserActivityList>(user, 'GET', '/user-activities?limit=100');
    return {
      activities: [...builtIn.activities, ...family.ownActivities],
      profile: await call<TFamilyProfile>(user, 'GET', '/profile'),
      records: records.userActivities,
      recentCompletions: (await call<TRecentPlay>(user, 'GET', '/stats/recent-play')).completions,
      weather: await call<TWeather>(user, 'GET', '/weather?units=metric'),
    };
  }

  it('gives the same top 6, scores, reasons and basis as the server, for many families and choices', async () => {
    await fc.assert(
      fc.asyncProperty(familyArbitrary, async (family) => {
        const { user, childIds } = await makeFamily(family);
        const held = await deviceHolds(user);
        for (const { childPick, ...choice } of family.choices) {
          const query: TRecommendationQuery = {
            ...choice,
            ...(childPick !== undefined &&
              childIds.length > 0 && { childId: childIds[childPick % childIds.length] }),
          };
          const search = new URLSearchParams({ view: 'compact' });
          for (const [key, value] of Object.entries(query)) {
            if (value !== undefined) search.set(key, String(value));
          }
          const server = await call<TCompactRecommendationsResponse>(
            user,
            'GET',
            `/recommendations?${search}`,
          );
          const device = recommendOnDevice({ ...held, now: clock.now().toISOString() }, query);
          expect(compactRecommendations(device).recommendations).toEqual(server.recommendations);
          expect(device.basis).toEqual(server.basis);
        }
      }),
      { numRuns: 12 },
    );
  });

  it("a week of one kind of play: the device names the child's little-played skills as the server does", async () => {
    const now = MOMENTS[1]!;
    clock.set(now);
    openMeteo.setBehaviour('ok');
    const user = await createUser(t.app);
    const ada = await call<{ id: string }>(user, 'POST', '/children', {
      name: 'Ada',
      age: 6,
      interests: [],
      preferences: { indoorOutdoor: 'both', favoriteTypes: [] },
    });
    // Three plays this week, each of running about only.
    const running = BUILT_IN_ACTIVITIES.filter(
      (a) => a.skills.length === 1 && a.skills[0] === 'gross-motor',
    ).slice(0, 3);
    expect(running).toHaveLength(3);
    for (const [i, activity] of running.entries()) {
      await call(user, 'POST', `/activities/${activity.id}/complete`, {
        completedAt: new Date(Date.parse(now) - (2 + i) * 24 * HOUR_MS).toISOString(),
        childIds: [ada.id],
      });
    }
    const query: TRecommendationQuery = { timeAvailable: 60, location: 'both' };
    const server = await call<TCompactRecommendationsResponse>(
      user,
      'GET',
      '/recommendations?view=compact&timeAvailable=60&location=both',
    );
    expect(server.recommendations.flatMap((r) => r.reasons)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Ada hasn't done much .* play this week$/)]),
    );
    const held = await deviceHolds(user);
    const device = recommendOnDevice({ ...held, now }, query);
    expect(compactRecommendations(device).recommendations).toEqual(server.recommendations);
    // What the device knows of that week comes from the recent play it keeps.
    const withoutRecentPlay = recommendOnDevice(
      { ...held, recentCompletions: undefined, now },
      query,
    );
    expect(withoutRecentPlay.recommendations.flatMap((r) => r.reasons)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^Ada hasn't done much/)]),
    );
  });
});
