import { describe, expect, it } from 'vitest';
import { fixedTelAvivWeather } from '../weather/weather.ts';
import type { RecommendationChild } from './recommend.ts';
import {
  latestCompletions,
  recommendationInput,
  type FamilyRankingData,
  type RankingProfile,
} from './recommendation-input.ts';
import { makeActivity } from './test-activity.ts';

// Issue 30, one ranking in two places: the server and the device read a family through this one
// function, so what they rank on cannot differ.

const NOON_IN_BERLIN = '2026-01-15T11:00:00.000Z';
const profile: RankingProfile = {
  familyInfo: { timezone: 'Europe/Berlin' },
  preferences: { defaultFilters: { timeAvailable: 45, location: 'indoor' } },
};
const mia: RecommendationChild = {
  id: 'mia',
  name: 'Mia',
  age: 6,
  preferences: { indoorOutdoor: 'both', favoriteTypes: [] },
};
const live = {
  condition: 'rainy',
  source: 'open-meteo',
  sunrise: '2026-01-15T07:12:00.000Z',
  sunset: '2026-01-15T15:22:00.000Z',
} as const;

function family(overrides: Partial<FamilyRankingData> = {}): FamilyRankingData {
  return {
    activities: [
      makeActivity({ id: 'paint', category: 'creative-arts' }),
      makeActivity({ id: 'count', category: 'educational' }),
      makeActivity({ id: 'run', category: 'physical' }),
    ],
    profile,
    children: [mia],
    records: [],
    completions: [],
    weather: live,
    now: NOON_IN_BERLIN,
    ...overrides,
  };
}

describe('recommendationInput (issue 30: the same input on the server and the device)', () => {
  it("takes the parent's choices as given and the profile's defaults behind them (spec §9 preferences)", () => {
    const input = recommendationInput(family(), {
      timeAvailable: 15,
      location: 'outdoor',
      energyLevel: 'high',
      childId: 'mia',
    });
    expect(input).toMatchObject({
      timeAvailable: 15,
      location: 'outdoor',
      energyLevel: 'high',
      childId: 'mia',
      defaultTimeAvailable: 45,
      defaultLocation: 'indoor',
      children: [mia],
    });
    // No profile yet: no defaults of the family, so the app's own stand.
    const bare = recommendationInput(family({ profile: null }), {});
    expect(bare).toMatchObject({ childId: null, defaultTimeAvailable: undefined });
  });

  it('favourites score, and lift their category; tried ones score (spec §9 category, favourite, tried)', () => {
    const input = recommendationInput(
      family({
        records: [
          { activityId: 'count', favorite: true, tried: false },
          { activityId: 'run', favorite: false, tried: true },
        ],
      }),
      {},
    );
    expect([...(input.favoriteActivityIds ?? [])]).toEqual(['count']);
    expect([...(input.triedActivityIds ?? [])]).toEqual(['run']);
    expect(input.favoriteCategories).toEqual(['educational']);
  });

  it("reads the dark from the reading's sunset in the family's time zone, and the evening from its clock", () => {
    expect(recommendationInput(family(), {}).daylight).toMatchObject({
      afterDark: false,
      evening: false,
    });
    const afterSunset = recommendationInput(family({ now: '2026-01-15T16:00:00.000Z' }), {});
    expect(afterSunset.daylight).toMatchObject({ afterDark: true, evening: true });
    // Without sunrise and sunset (the fallback reading): dark from 20:00 local time.
    const fallback = fixedTelAvivWeather('metric', 'fallback', NOON_IN_BERLIN);
    const at19 = recommendationInput(
      family({ weather: fallback, now: '2026-01-15T18:00:00.000Z' }),
      {},
    );
    expect(at19.daylight).toMatchObject({ afterDark: false, evening: true });
  });

  it('passes the reading and the recent play on, and the ages served only when the caller has them', () => {
    const completions = [{ activityId: 'paint', completedAt: '2026-01-15T09:00:00.000Z' }];
    const input = recommendationInput(family({ completions }), { weather: 'sunny' });
    expect(input).toMatchObject({
      weather: 'sunny',
      weatherReading: live,
      recentPlay: { completions, now: NOON_IN_BERLIN },
    });
    expect('ageCoverage' in input).toBe(false);
    const served = recommendationInput(family({ ageCoverage: { youngest: 0, oldest: 12 } }), {});
    expect(served.ageCoverage).toEqual({ youngest: 0, oldest: 12 });
  });
});

describe('latestCompletions (the completions a device knows of)', () => {
  it("is each record's latest completion; a record never completed has none", () => {
    expect(
      latestCompletions([
        { activityId: 'paint', completedAt: '2026-01-15T09:00:00.000Z' },
        { activityId: 'count', completedAt: null },
      ]),
    ).toEqual([{ activityId: 'paint', completedAt: '2026-01-15T09:00:00.000Z' }]);
  });
});
