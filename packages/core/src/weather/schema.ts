import { z } from 'zod';
import { ZActivity, ZActivityLocation, ZWeatherCondition } from '../activities/schema.ts';
import { ZUnits } from '../family/schema.ts';
import { queryNumber } from '../validation/query-number.ts';

export { ZUnits };
export type TUnits = z.infer<typeof ZUnits>;

/** Where a weather reading comes from: the real provider, the fixed demo values, or the fallback. */
export const ZWeatherSource = z.enum(['open-meteo', 'fixed', 'fallback']);
export type TWeatherSource = z.infer<typeof ZWeatherSource>;

export const ZWeatherPlace = z.object({
  city: z.string(),
  country: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type TWeatherPlace = z.infer<typeof ZWeatherPlace>;

/**
 * Current weather (spec §3 Weather). Temperatures are in °C for metric and °F otherwise, wind
 * speed in km/h or mph, pressure in hPa, visibility in metres, times ISO 8601. Readings the source
 * does not have (the fallback knows only "Clear, 22 degrees, Tel Aviv") are null.
 */
export const ZWeather = z.object({
  condition: ZWeatherCondition,
  description: z.string(),
  temperature: z.number(),
  feels_like: z.number().nullable(),
  humidity: z.number().nullable(),
  pressure: z.number().nullable(),
  wind_speed: z.number().nullable(),
  wind_direction: z.number().nullable(),
  visibility: z.number().nullable(),
  sunrise: z.string().nullable(),
  sunset: z.string().nullable(),
  timestamp: z.string(),
  location: ZWeatherPlace,
  units: ZUnits,
  source: ZWeatherSource,
});
export type TWeather = z.infer<typeof ZWeather>;

const ZWeatherQueryFields = z.object({
  lat: queryNumber(z.coerce.number().min(-90).max(90)).optional(),
  lon: queryNumber(z.coerce.number().min(-180).max(180)).optional(),
  city: z.string().max(100).trim().min(1).optional(),
  units: ZUnits.optional(),
});

const latLonTogether = {
  check: (q: { lat?: number; lon?: number }) => (q.lat === undefined) === (q.lon === undefined),
  issue: { message: 'lat and lon must be given together', path: ['lat'] },
};

/** `GET /weather` query: coordinates, or a city name, or neither (the family's place). */
export const ZWeatherQuery = ZWeatherQueryFields.refine(latLonTogether.check, latLonTogether.issue);
export type TWeatherQuery = z.infer<typeof ZWeatherQuery>;

/** `GET /weather/activity` query: as `/weather`, plus the spec §9 indoor-only flag. */
export const ZActivityWeatherQuery = ZWeatherQueryFields.extend({
  // Query strings carry booleans as text; only 'true' and '1' mean yes.
  indoorOnly: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
}).refine(latLonTogether.check, latLonTogether.issue);
export type TActivityWeatherQuery = z.infer<typeof ZActivityWeatherQuery>;

/** How the weather bears on play (spec §9 weather to location mapping). */
export const ZActivityWeatherSummary = z.object({
  condition: ZWeatherCondition,
  /** Locations that suit this weather. */
  locations: z.array(ZActivityLocation),
  indoor_only: z.boolean(),
  /** One line for a parent, e.g. "Great weather for playing outside". */
  advice: z.string(),
});
export type TActivityWeatherSummary = z.infer<typeof ZActivityWeatherSummary>;

/**
 * `GET /weather/activity` (spec §3: the weather plus activity_weather and
 * activity_recommendations). Each list holds at most `ACTIVITY_WEATHER_LIST_SIZE` activities.
 */
export const ZActivityWeather = ZWeather.extend({
  activity_weather: ZActivityWeatherSummary,
  activity_recommendations: z.object({
    indoor_activities: z.array(ZActivity),
    outdoor_activities: z.array(ZActivity),
    weather_appropriate: z.array(ZActivity),
  }),
});
export type TActivityWeather = z.infer<typeof ZActivityWeather>;
