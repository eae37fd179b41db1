import { z } from 'zod';

/** The parts of Open-Meteo's forecast answer we read (https://open-meteo.com/en/docs). */
const ZForecast = z.object({
  latitude: z.number(),
  longitude: z.number(),
  utc_offset_seconds: z.number(),
  current: z.object({
    time: z.string(),
    temperature_2m: z.number(),
    apparent_temperature: z.number().nullable(),
    relative_humidity_2m: z.number().nullable(),
    surface_pressure: z.number().nullable(),
    wind_speed_10m: z.number().nullable(),
    wind_direction_10m: z.number().nullable(),
    weather_code: z.number().int(),
    visibility: z.number().nullable(),
  }),
  daily: z.object({ sunrise: z.array(z.string()), sunset: z.array(z.string()) }).optional(),
});

/** The daily series we ask for; a value is null where Open-Meteo has none for that day. */
const nullableSeries = z.array(z.number().nullable());
const ZDailyForecast = z.object({
  utc_offset_seconds: z.number().default(0),
  daily: z.object({
    time: z.array(z.string()),
    weather_code: nullableSeries,
    temperature_2m_max: nullableSeries,
    temperature_2m_min: nullableSeries,
    precipitation_sum: nullableSeries,
    precipitation_probability_max: nullableSeries,
    // The planner's daylight (issue 14): local times, as the current reading's.
    sunrise: z.array(z.string().nullable()).optional(),
    sunset: z.array(z.string().nullable()).optional(),
  }),
});

/** Open-Meteo's geocoding answer: `results` is absent when nothing matched. */
const ZGeocoding = z.object({
  results: z
    .array(
      z.object({
        name: z.string(),
        latitude: z.number(),
        longitude: z.number(),
        country_code: z.string().optional(),
      }),
    )
    .optional(),
});

/** A reading in Open-Meteo's default units: °C, km/h, hPa, metres; times ISO UTC. */
export interface MetricReading {
  weatherCode: number;
  temperatureC: number;
  feelsLikeC: number | null;
  humidity: number | null;
  pressureHpa: number | null;
  windSpeedKmh: number | null;
  windDirection: number | null;
  visibilityM: number | null;
  sunrise: string | null;
  sunset: string | null;
  observedAt: string;
}

/** One day of the forecast (°C, mm, %), `date` the local day at the place (YYYY-MM-DD). */
export interface DailyReading {
  date: string;
  weatherCode: number;
  temperatureMax: number;
  temperatureMin: number;
  precipitationSum: number | null;
  precipitationProbabilityMax: number | null;
  /** Sunrise and sunset (ISO UTC) when Open-Meteo gives them; the planner keeps outdoor play in daylight. */
  sunrise?: string;
  sunset?: string;
}

export interface GeocodedPlace {
  city: string;
  country: string;
  lat: number;
  lon: number;
}

export interface OpenMeteoOptions {
  forecastUrl: string;
  geocodingUrl: string;
  timeoutMs: number;
}

/**
 * With `timezone=auto` Open-Meteo gives local times without an offset ("2026-03-01T06:12");
 * `utc_offset_seconds` turns them into UTC instants.
 */
function localToUtcIso(local: string, utcOffsetSeconds: number): string {
  const asUtc = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (Number.isNaN(asUtc)) throw new Error(`Open-Meteo sent an unreadable time: ${local}`);
  return new Date(asUtc - utcOffsetSeconds * 1000).toISOString();
}

async function getJson(url: URL, timeoutMs: number): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`Open-Meteo answered ${response.status} for ${url.pathname}`);
  return response.json();
}

/** The current weather at a point, from Open-Meteo's forecast endpoint. */
export async function fetchCurrentWeather(
  options: OpenMeteoOptions,
  lat: number,
  lon: number,
): Promise<MetricReading> {
  const url = new URL(`${options.forecastUrl}/v1/forecast`);
  url.search = new URLSearchParams({
    latitude: String(lat),
    longitude: String(lon),
    current:
      'temperature_2m,apparent_temperature,relative_humidity_2m,surface_pressure,wind_speed_10m,wind_direction_10m,weather_code,visibility',
    daily: 'sunrise,sunset',
    timezone: 'auto',
    forecast_days: '1',
  }).toString();
  const forecast = ZForecast.parse(await getJson(url, options.timeoutMs));
  const { current, utc_offset_seconds: offset } = forecast;
  const sunrise = forecast.daily?.sunrise[0];
  const sunset = forecast.daily?.sunset[0];
  return {
    weatherCode: current.weather_code,
    temperatureC: current.temperature_2m,
    feelsLikeC: current.apparent_temperature,
    humidity: current.relative_humidity_2m,
    pressureHpa: current.surface_pressure,
    windSpeedKmh: current.wind_speed_10m,
    windDirection: current.wind_direction_10m,
    visibilityM: current.visibility,
    sunrise: sunrise ? localToUtcIso(sunrise, offset) : null,
    sunset: sunset ? localToUtcIso(sunset, offset) : null,
    observedAt: localToUtcIso(current.time, offset),
  };
}

/**
 * The next `days` days at a point, from Open-Meteo's daily forecast (days in the place's own
 * timezone). A day without a weather code or temperatures cannot be judged and is left out.
 */
export async function fetchDailyForecast(
  options: OpenMeteoOptions,
  lat: number,
  lon: number,
  days: number,
): Promise<DailyReading[]> {
  const url = new URL(`${options.forecastUrl}/v1/forecast`);
  url.search = new URLSearchParams({
    latitude: String(lat),
    longitude: String(lon),
    daily:
      'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,sunrise,sunset',
    timezone: 'auto',
    forecast_days: String(days),
  }).toString();
  const { daily, utc_offset_seconds: offset } = ZDailyForecast.parse(
    await getJson(url, options.timeoutMs),
  );
  const readings: DailyReading[] = [];
  daily.time.forEach((date, index) => {
    const weatherCode = daily.weather_code[index];
    const temperatureMax = daily.temperature_2m_max[index];
    const temperatureMin = daily.temperature_2m_min[index];
    if (weatherCode == null || temperatureMax == null || temperatureMin == null) return;
    readings.push({
      date,
      weatherCode,
      temperatureMax,
      temperatureMin,
      precipitationSum: daily.precipitation_sum[index] ?? null,
      precipitationProbabilityMax: daily.precipitation_probability_max[index] ?? null,
      ...sunTimes(daily.sunrise?.[index], daily.sunset?.[index], offset),
    });
  });
  return readings;
}

/** A day's sunrise and sunset as UTC instants, only when Open-Meteo gave both (polar days have none). */
function sunTimes(
  sunrise: string | null | undefined,
  sunset: string | null | undefined,
  offset: number,
): { sunrise?: string; sunset?: string } {
  if (!sunrise || !sunset) return {};
  return { sunrise: localToUtcIso(sunrise, offset), sunset: localToUtcIso(sunset, offset) };
}

/** The best match for a place name, or undefined when Open-Meteo knows none. */
export async function geocodeCity(
  options: OpenMeteoOptions,
  name: string,
): Promise<GeocodedPlace | undefined> {
  const url = new URL(`${options.geocodingUrl}/v1/search`);
  url.search = new URLSearchParams({ name, count: '1' }).toString();
  const found = ZGeocoding.parse(await getJson(url, options.timeoutMs)).results?.[0];
  return (
    found && {
      city: found.name,
      country: found.country_code ?? '',
      lat: found.latitude,
      lon: found.longitude,
    }
  );
}
