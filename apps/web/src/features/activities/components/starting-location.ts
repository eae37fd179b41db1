import type { TActivityLocation, TWeatherCondition } from '@kkb/core/activities/schema';
import { locationsForWeather } from '@kkb/core/weather/weather';

/**
 * Where the dashboard starts looking before the parent picks. A family (or child) that saved
 * Indoor gets indoor whatever the sky. Otherwise spec §9 maps the weather to places: rainy gives
 * indoor; sunny or snowy gives outdoor or both, which an 'outdoor' choice scores; otherwise both,
 * where the saved preference decides. No weather: the preference. After dark a clear sky no
 * longer sends the family outdoors: only their own preference does.
 */
export function startingLocation(
  condition: TWeatherCondition | undefined,
  preference: TActivityLocation,
  afterDark = false,
): TActivityLocation {
  if (preference === 'indoor' || condition === undefined) return preference;
  const places = locationsForWeather(condition);
  if (places.length === 1 && places[0] === 'indoor') return 'indoor';
  if (places.includes('outdoor') && !afterDark) return 'outdoor';
  return preference;
}
