import type { TWeather } from '@kkb/core/weather/schema';
import { fixedTelAvivWeather } from '@kkb/core/weather/weather';
import { describe, expect, it } from 'vitest';
import { completeProfile } from '../../../test/auth-fixtures';
import { choicesFrom } from './dashboard-choices';
import { dashboardRequest } from './dashboard-request';

const NOON = new Date('2026-01-05T12:00:00.000Z');
const NIGHT = new Date('2026-01-05T21:00:00.000Z');

/** A live reading (as Open-Meteo's) of the condition. */
function weather(condition: TWeather['condition']): TWeather {
  return {
    ...fixedTelAvivWeather('metric', 'fixed', NOON.toISOString()),
    source: 'open-meteo',
    condition,
    sunrise: '2026-01-05T06:30:00.000Z',
    sunset: '2026-01-05T16:10:00.000Z',
  };
}

function profile(location: 'indoor' | 'outdoor' | 'both' = 'both') {
  const base = completeProfile();
  return {
    ...base,
    familyInfo: { ...base.familyInfo, timezone: 'UTC' },
    preferences: {
      ...base.preferences,
      defaultFilters: { ...base.preferences.defaultFilters, location, timeAvailable: 45 },
    },
  };
}

const request = (
  search: string,
  options: { weather?: TWeather; now?: Date; location?: 'indoor' | 'outdoor' | 'both' } = {},
) =>
  dashboardRequest({
    choices: choicesFrom(new URLSearchParams(search)),
    profile: profile(options.location),
    weather: options.weather,
    now: options.now ?? NOON,
  });

describe('dashboardRequest (what the dashboard asks GET /recommendations)', () => {
  it("starts from the family's saved time and the weather's place (spec §9: sunny means outdoor)", () => {
    expect(request('', { weather: weather('sunny') }).params).toEqual({
      timeAvailable: 45,
      location: 'outdoor',
    });
  });

  it("fallback or fixed weather picks no place: the family's preference, Both by default (issue 29)", () => {
    for (const source of ['fallback', 'fixed'] as const) {
      for (const condition of ['sunny', 'rainy', 'snowy'] as const) {
        const reading = { ...weather(condition), source, sunrise: null, sunset: null };
        expect(request('', { weather: reading }).params.location).toBe('both');
        expect(request('', { weather: reading, location: 'outdoor' }).params.location).toBe(
          'outdoor',
        );
      }
    }
  });

  it('spec §9: rain means indoors', () => {
    expect(request('', { weather: weather('rainy') }).params.location).toBe('indoor');
  });

  it("after dark a clear sky leaves the family's own preference", () => {
    const evening = request('', { weather: weather('sunny'), now: NIGHT });
    expect(evening.afterDark).toBe(true);
    expect(evening.params.location).toBe('both');
  });

  it('without a weather reading the saved preference decides', () => {
    expect(request('', { location: 'indoor' }).params.location).toBe('indoor');
    expect(request('').params.location).toBe('both');
  });

  it("the parent's choices in the URL win over the defaults and the weather", () => {
    const chosen = request('timeAvailable=90&location=indoor&energyLevel=high&childId=child-1', {
      weather: weather('sunny'),
    });
    expect(chosen.params).toEqual({
      timeAvailable: 90,
      location: 'indoor',
      energyLevel: 'high',
      childId: 'child-1',
    });
    expect(chosen.child?.name).toBe('Noa');
  });

  it('"Right now" in the URL asks for activities with no prep and no mess; anything but yes leaves it off', () => {
    const now = request('rightNow=true&energyLevel=low', { weather: weather('cloudy') });
    expect(now.rightNow).toBe(true);
    expect(now.params).toEqual({
      timeAvailable: 45,
      location: 'both',
      energyLevel: 'low',
      rightNow: true,
    });
    for (const off of ['', 'rightNow=false', 'rightNow=0', 'rightNow=yes']) {
      const request_ = request(off, { weather: weather('cloudy') });
      expect(request_.rightNow, off).toBe(false);
      expect(request_.params, off).not.toHaveProperty('rightNow');
    }
  });

  it("a child the family does not have (a stale link) asks for everyone's", () => {
    const stale = request('childId=child-gone', { weather: weather('cloudy') });
    expect(stale.child).toBeUndefined();
    expect(stale.params).not.toHaveProperty('childId');
  });

  it("before the profile is known the app's defaults stand in", () => {
    const before = dashboardRequest({
      choices: choicesFrom(new URLSearchParams()),
      profile: undefined,
      weather: undefined,
      now: NOON,
    });
    expect(before.params).toEqual({ timeAvailable: 30, location: 'both' });
  });
});
