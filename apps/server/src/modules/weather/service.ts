import {
  wmoCodeDescription,
  wmoCodeToCondition,
  fixedTelAvivWeather,
  temperatureIn,
  windSpeedIn,
} from '@kkb/core/weather/weather';
import type { TUnits, TWeather } from '@kkb/core/weather/schema';
import type { AppConfig } from '../../config.ts';
import { ExpiringCache } from '../../lib/expiring-cache.ts';
import {
  fetchCurrentWeather,
  fetchDailyForecast,
  geocodeCity,
  type DailyReading,
  type GeocodedPlace,
  type MetricReading,
} from './open-meteo.ts';

export type { DailyReading } from './open-meteo.ts';

/** At most this many days ahead (Open-Meteo forecasts 16). */
export const MAX_FORECAST_DAYS = 16;

/** Readings stay fresh this long per rounded location (DESIGN: cached 30 min). */
export const WEATHER_CACHE_MS = 30 * 60 * 1000;
/** After a failure the fallback is served this long before the provider is asked again. */
export const WEATHER_FAILURE_BACKOFF_MS = 60 * 1000;
export const WEATHER_CACHE_MAX_ENTRIES = 1000;
export const OPEN_METEO_TIMEOUT_MS = 5000;

/** Where to read the weather: a point (with its name when known) or a place name to look up. */
export type WeatherPlace =
  { lat: number; lon: number; city?: string; country?: string } | { city: string };

export interface WeatherService {
  /** The current weather; never throws: any failure gives the spec's fallback reading. */
  current(place: WeatherPlace | undefined, units: TUnits): Promise<TWeather>;
  /**
   * The daily forecast from today (at the place) for `days` days; undefined when there is no
   * real forecast (no place, the fixed provider, a failure). Never throws, never invents one.
   */
  dailyForecast(place: WeatherPlace | undefined, days: number): Promise<DailyReading[] | undefined>;
}

export interface WeatherLogger {
  warn(object: object, message: string): void;
}

export interface WeatherServiceOptions {
  timeoutMs?: number;
  now?: () => number;
  log?: WeatherLogger;
}

function toWeather(reading: MetricReading, place: GeocodedPlace, units: TUnits): TWeather {
  const windKmh = reading.windSpeedKmh ?? 0;
  return {
    condition: wmoCodeToCondition(reading.weatherCode, windKmh),
    description: wmoCodeDescription(reading.weatherCode),
    temperature: temperatureIn(reading.temperatureC, units),
    feels_like: reading.feelsLikeC === null ? null : temperatureIn(reading.feelsLikeC, units),
    humidity: reading.humidity,
    pressure: reading.pressureHpa,
    wind_speed: reading.windSpeedKmh === null ? null : windSpeedIn(reading.windSpeedKmh, units),
    wind_direction: reading.windDirection,
    visibility: reading.visibilityM,
    sunrise: reading.sunrise,
    sunset: reading.sunset,
    timestamp: reading.observedAt,
    location: place,
    units,
    source: 'open-meteo',
  };
}

/** The weather provider of the config: Open-Meteo with a cache, or the spec's fixed values. */
export function createWeatherService(
  config: AppConfig['weather'],
  options: WeatherServiceOptions = {},
): WeatherService {
  const now = options.now ?? Date.now;
  const fallback = (units: TUnits) =>
    fixedTelAvivWeather(units, 'fallback', new Date(now()).toISOString());
  if (config.provider === 'fixed') {
    return {
      current: (_place, units) =>
        Promise.resolve(fixedTelAvivWeather(units, 'fixed', new Date(now()).toISOString())),
      dailyForecast: () => Promise.resolve(undefined),
    };
  }
  const openMeteo = {
    forecastUrl: config.openMeteoUrl,
    geocodingUrl: config.geocodingUrl,
    timeoutMs: options.timeoutMs ?? OPEN_METEO_TIMEOUT_MS,
  };
  // A failed call settles as undefined (see guarded): its fallback is kept only briefly.
  const cacheOptions = {
    maxEntries: WEATHER_CACHE_MAX_ENTRIES,
    ttlMs: WEATHER_CACHE_MS,
    ttlAfterLoad: (value: unknown) =>
      value === undefined ? WEATHER_FAILURE_BACKOFF_MS : undefined,
    now,
  };
  const readings = new ExpiringCache<MetricReading | undefined>(cacheOptions);
  const places = new ExpiringCache<GeocodedPlace | undefined>(cacheOptions);
  const forecasts = new ExpiringCache<DailyReading[] | undefined>(cacheOptions);
  const guarded = async <T>(what: string, call: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await call();
    } catch (error) {
      options.log?.warn({ err: error }, `weather: ${what} failed, serving the fallback`);
      return undefined;
    }
  };

  const resolvePlace = async (place: WeatherPlace): Promise<GeocodedPlace | undefined> => {
    if ('lat' in place) {
      return {
        city: place.city ?? '',
        country: place.country ?? '',
        lat: place.lat,
        lon: place.lon,
      };
    }
    const name = place.city.trim().toLowerCase();
    return places.get(name, () => guarded('geocoding', () => geocodeCity(openMeteo, place.city)));
  };

  return {
    async current(place, units) {
      if (!place) return fallback(units);
      const point = await resolvePlace(place);
      if (!point) return fallback(units);
      const key = `${point.lat.toFixed(2)},${point.lon.toFixed(2)}`;
      const reading = await readings.get(key, () =>
        guarded('forecast', () => fetchCurrentWeather(openMeteo, point.lat, point.lon)),
      );
      return reading ? toWeather(reading, point, units) : fallback(units);
    },
    async dailyForecast(place, days) {
      if (!place) return undefined;
      const point = await resolvePlace(place);
      if (!point) return undefined;
      const count = Math.min(Math.max(Math.trunc(days), 1), MAX_FORECAST_DAYS);
      const key = `${point.lat.toFixed(2)},${point.lon.toFixed(2)}:${count}`;
      return forecasts.get(key, () =>
        guarded('daily forecast', () => fetchDailyForecast(openMeteo, point.lat, point.lon, count)),
      );
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one weather provider (its cache is shared by every route). */
    weather: WeatherService;
  }
}
