import type { RecommendationChild } from '../activities/recommend.ts';
import type { TDayForecast } from './schema.ts';

/** A playing child for tests. */
export function makeChild(
  id: string,
  age: number,
  overrides: Partial<Omit<RecommendationChild, 'id' | 'age'>> = {},
): RecommendationChild {
  return {
    id,
    name: overrides.name ?? id.charAt(0).toUpperCase() + id.slice(1),
    age,
    preferences: overrides.preferences ?? { indoorOutdoor: 'both', favoriteTypes: [] },
  };
}

/** A mild, dry day's forecast in UTC with the sun up from 06:00 to 19:00; tests override the rest. */
export function makeForecast(date: string, overrides: Partial<TDayForecast> = {}): TDayForecast {
  return {
    date,
    condition: 'cloudy',
    description: 'Overcast',
    weatherCode: 3,
    temperatureMax: 20,
    temperatureMin: 10,
    precipitationProbability: 10,
    sunrise: `${date}T06:00:00.000Z`,
    sunset: `${date}T19:00:00.000Z`,
    units: 'metric',
    source: 'open-meteo',
    ...overrides,
  };
}
