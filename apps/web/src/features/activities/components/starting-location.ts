import type { TActivityLocation, TWeatherCondition } from '@kkb/core/activities/schema';
import { locationsForWeather } from '@kkb/core/weather/weather';

/**
 * Where the dashboard starts looking before the parent picks: spec §9 maps the weather to places
 * (rainy gives indoor; sunny or snowy gives outdoor or both, which an 'outdoor' preference scores;
 * otherwise both, where the family's own preference decides). No weather: the preference. After
 * dark a clear sky no longer sends the family outdoors: only their own preference does.
 */
export function startingLocation(
  condition: TWeatherCondition | undefined,
  preference: TActivityLocation,
  afterDark = false,
): TActivityLocation {
  if (condition === undefined) return preference;
  const places = locationsForWeather(condition);
  if (places.length === 1 && places[0] === 'indoor') return 'indoor';
  if (places.includes('outdoor') && !afterDark) return 'outdoor';
  return preference;
}
