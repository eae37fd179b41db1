import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Weather the control endpoint can switch to, each as Open-Meteo reports it (WMO code and readings). */
export const WEATHER_CONDITIONS = {
  clear: { weather_code: 0, temperature_2m: 24, wind_speed_10m: 8, relative_humidity_2m: 40 },
  cloudy: { weather_code: 3, temperature_2m: 17, wind_speed_10m: 12, relative_humidity_2m: 65 },
  rainy: { weather_code: 61, temperature_2m: 12, wind_speed_10m: 15, relative_humidity_2m: 90 },
  snowy: { weather_code: 71, temperature_2m: -2, wind_speed_10m: 10, relative_humidity_2m: 85 },
  stormy: { weather_code: 95, temperature_2m: 19, wind_speed_10m: 30, relative_humidity_2m: 88 },
  windy: { weather_code: 2, temperature_2m: 15, wind_speed_10m: 45, relative_humidity_2m: 55 },
} as const;
export type WeatherConditionName = keyof typeof WEATHER_CONDITIONS;

/** Weather service down: the forecast answers 503 there, as Open-Meteo does when it is out. */
export const WEATHER_DOWN = 'down';

/**
 * Body of `POST /__control`: the weather everywhere, or at one place when coordinates are given;
 * `down` makes the forecast fail there (the app then serves §8's fallback reading).
 */
export interface WeatherControl {
  condition: WeatherConditionName | typeof WEATHER_DOWN;
  latitude?: number;
  longitude?: number;
}

/** Places the geocoding API knows, with Open-Meteo's own answer fields. */
const PLACES = [
  {
    id: 2950159,
    name: 'Berlin',
    latitude: 52.52437,
    longitude: 13.41053,
    elevation: 74,
    feature_code: 'PPLC',
    country_code: 'DE',
    timezone: 'Europe/Berlin',
    population: 3426354,
    country: 'Germany',
    admin1: 'Land Berlin',
  },
  {
    id: 2643743,
    name: 'London',
    latitude: 51.50853,
    longitude: -0.12574,
    elevation: 25,
    feature_code: 'PPLC',
    country_code: 'GB',
    timezone: 'Europe/London',
    population: 8961989,
    country: 'United Kingdom',
    admin1: 'England',
  },
  {
    id: 5391959,
    name: 'San Francisco',
    latitude: 37.77493,
    longitude: -122.41942,
    elevation: 16,
    feature_code: 'PPLA2',
    country_code: 'US',
    timezone: 'America/Los_Angeles',
    population: 864816,
    country: 'United States',
    admin1: 'California',
  },
  {
    id: 293397,
    name: 'Tel Aviv',
    latitude: 32.08088,
    longitude: 34.78057,
    elevation: 15,
    feature_code: 'PPLA',
    country_code: 'IL',
    timezone: 'Asia/Jerusalem',
    population: 432892,
    country: 'Israel',
    admin1: 'Tel Aviv',
  },
];

/** Current-weather variables of the forecast API, with their metric unit label. */
const CURRENT_UNITS: Record<string, string> = {
  temperature_2m: '°C',
  relative_humidity_2m: '%',
  apparent_temperature: '°C',
  is_day: '',
  precipitation: 'mm',
  rain: 'mm',
  showers: 'mm',
  snowfall: 'cm',
  weather_code: 'wmo code',
  cloud_cover: '%',
  pressure_msl: 'hPa',
  surface_pressure: 'hPa',
  wind_speed_10m: 'km/h',
  wind_direction_10m: '°',
  wind_gusts_10m: 'km/h',
  visibility: 'm',
};

const DAILY_UNITS: Record<string, string> = {
  weather_code: 'wmo code',
  temperature_2m_max: '°C',
  temperature_2m_min: '°C',
  sunrise: 'iso8601',
  sunset: 'iso8601',
  precipitation_sum: 'mm',
  precipitation_probability_max: '%',
  wind_speed_10m_max: 'km/h',
};

const WIND_FACTORS: Record<string, [number, string]> = {
  kmh: [1, 'km/h'],
  ms: [1 / 3.6, 'm/s'],
  mph: [1 / 1.609344, 'mp/h'],
  kn: [1 / 1.852, 'kn'],
};

class BadRequest extends Error {}
class NotFound extends Error {}
class ServiceDown extends Error {}

export interface RunningWeatherServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A local stand-in for Open-Meteo's forecast (`/v1/forecast`) and geocoding (`/v1/search`) APIs:
 * same query parameters, same JSON fields, WMO weather codes, and Open-Meteo's
 * `{error: true, reason}` answer to a variable it does not know. `POST /__control` switches the
 * weather everywhere or at one place, so a weather test can pick its own sky without affecting
 * tests that run beside it elsewhere.
 */
export async function startWeatherServer(): Promise<RunningWeatherServer> {
  let defaultCondition: WeatherControl['condition'] = 'clear';
  const conditionByPlace = new Map<string, WeatherControl['condition']>();

  const handle = async (req: http.IncomingMessage, url: URL): Promise<unknown> => {
    if (req.method === 'GET' && url.pathname === '/v1/forecast') {
      const latitude = coordinate(url, 'latitude', 90);
      const longitude = coordinate(url, 'longitude', 180);
      const condition = conditionByPlace.get(placeKey(latitude, longitude)) ?? defaultCondition;
      if (condition === WEATHER_DOWN) throw new ServiceDown();
      return forecast(url, latitude, longitude, condition);
    }
    if (req.method === 'GET' && url.pathname === '/v1/search') return search(url);
    if (req.method === 'POST' && url.pathname === '/__control') {
      const control = parseControl(await readJson(req));
      if (control.latitude === undefined || control.longitude === undefined) {
        defaultCondition = control.condition;
      } else {
        conditionByPlace.set(placeKey(control.latitude, control.longitude), control.condition);
      }
      return { ok: true };
    }
    throw new NotFound();
  };

  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    handle(req, new URL(req.url ?? '/', 'http://localhost')).then(
      (body) => send(200, body),
      (error: unknown) => {
        if (error instanceof NotFound) send(404, { error: true, reason: 'Not Found' });
        else if (error instanceof ServiceDown) {
          send(503, { error: true, reason: 'Service Unavailable' });
        } else if (error instanceof BadRequest) send(400, { error: true, reason: error.message });
        else send(500, { error: true, reason: String(error) });
      },
    );
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Coordinates match to two decimals (about a kilometre), as a city's do between lookups. */
const placeKey = (latitude: number, longitude: number): string =>
  `${latitude.toFixed(2)},${longitude.toFixed(2)}`;

function coordinate(url: URL, name: string, limit: number): number {
  const raw = url.searchParams.get(name);
  const value = Number(raw);
  if (raw === null || raw.trim() === '' || !Number.isFinite(value) || Math.abs(value) > limit) {
    throw new BadRequest(`Parameter '${name}' is missing or out of range`);
  }
  return value;
}

/** Comma-separated (or repeated) variable names of one section: `current=a,b&current=c`. */
function variables(url: URL, section: string, known: Record<string, string>): string[] {
  const names = url.searchParams
    .getAll(section)
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(name in known)) {
      throw new BadRequest(
        `Cannot initialize WeatherVariable from invalid String value ${name} for key ${section}`,
      );
    }
  }
  return names;
}

function forecast(
  url: URL,
  latitude: number,
  longitude: number,
  conditionName: WeatherConditionName,
): Record<string, unknown> {
  const condition = WEATHER_CONDITIONS[conditionName];
  const fahrenheit = url.searchParams.get('temperature_unit') === 'fahrenheit';
  const [windFactor, windUnit] =
    WIND_FACTORS[url.searchParams.get('wind_speed_unit') ?? 'kmh'] ?? WIND_FACTORS.kmh!;
  const unixTime = url.searchParams.get('timeformat') === 'unixtime';
  const temperature = (celsius: number): number =>
    round(fahrenheit ? (celsius * 9) / 5 + 32 : celsius);
  const wind = (kmh: number): number => round(kmh * windFactor);
  const unit = (label: string): string => {
    if (label === '°C' && fahrenheit) return '°F';
    if (label === 'km/h') return windUnit;
    if (label === 'iso8601' && unixTime) return 'unixtime';
    return label;
  };

  const now = new Date();
  now.setUTCSeconds(0, 0);
  now.setUTCMinutes(now.getUTCMinutes() - (now.getUTCMinutes() % 15));
  const time = (date: Date): string | number =>
    unixTime ? Math.floor(date.getTime() / 1000) : date.toISOString().slice(0, 16);
  const day = new Date(now);
  day.setUTCHours(0, 0, 0, 0);

  const rainy = condition.weather_code >= 51 && condition.weather_code <= 67;
  const snowy = condition.weather_code >= 71 && condition.weather_code <= 77;
  const currentValues: Record<string, number> = {
    temperature_2m: temperature(condition.temperature_2m),
    relative_humidity_2m: condition.relative_humidity_2m,
    apparent_temperature: temperature(condition.temperature_2m - 1.5),
    is_day: now.getUTCHours() >= 6 && now.getUTCHours() < 18 ? 1 : 0,
    precipitation: rainy || snowy ? 1.2 : 0,
    rain: rainy ? 1.2 : 0,
    showers: 0,
    snowfall: snowy ? 0.8 : 0,
    weather_code: condition.weather_code,
    cloud_cover: condition.weather_code === 0 ? 5 : 90,
    pressure_msl: 1013.2,
    surface_pressure: 1004.1,
    wind_speed_10m: wind(condition.wind_speed_10m),
    wind_direction_10m: 240,
    wind_gusts_10m: wind(condition.wind_speed_10m * 1.6),
    visibility: rainy || snowy ? 4000 : 24140,
  };
  // `forecast_days` days (Open-Meteo: 1–16, default 7), the same sky each day.
  const forecastDays = Number(url.searchParams.get('forecast_days') ?? 7);
  if (!Number.isInteger(forecastDays) || forecastDays < 1 || forecastDays > 16) {
    throw new BadRequest('Parameter forecast_days must be between 1 and 16');
  }
  const days = Array.from(
    { length: forecastDays },
    (_, index) => new Date(day.getTime() + index * 86_400_000),
  );
  const eachDay = <T>(value: (start: Date) => T): T[] => days.map(value);
  const hourOf = (start: Date, hours: number): Date =>
    new Date(start.getTime() + hours * 3_600_000);
  const dailyValues: Record<string, (number | string)[]> = {
    weather_code: eachDay(() => condition.weather_code),
    temperature_2m_max: eachDay(() => temperature(condition.temperature_2m + 3)),
    temperature_2m_min: eachDay(() => temperature(condition.temperature_2m - 6)),
    sunrise: eachDay((start) => time(hourOf(start, 6.5))),
    sunset: eachDay((start) => time(hourOf(start, 17.25))),
    precipitation_sum: eachDay(() => (rainy || snowy ? 6.4 : 0)),
    precipitation_probability_max: eachDay(() => (rainy || snowy ? 80 : 5)),
    wind_speed_10m_max: eachDay(() => wind(condition.wind_speed_10m * 1.3)),
  };

  const timezone = url.searchParams.get('timezone');
  const body: Record<string, unknown> = {
    latitude: round(latitude, 4),
    longitude: round(longitude, 4),
    generationtime_ms: 0.05,
    utc_offset_seconds: 0,
    timezone: timezone && timezone !== 'auto' ? timezone : 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: 38,
  };
  const current = variables(url, 'current', CURRENT_UNITS);
  if (current.length > 0) {
    body.current_units = {
      time: unixTime ? 'unixtime' : 'iso8601',
      interval: 'seconds',
      ...Object.fromEntries(current.map((name) => [name, unit(CURRENT_UNITS[name]!)])),
    };
    body.current = {
      time: time(now),
      interval: 900,
      ...Object.fromEntries(current.map((name) => [name, currentValues[name]])),
    };
  }
  const daily = variables(url, 'daily', DAILY_UNITS);
  if (daily.length > 0) {
    body.daily_units = {
      time: unixTime ? 'unixtime' : 'iso8601',
      ...Object.fromEntries(daily.map((name) => [name, unit(DAILY_UNITS[name]!)])),
    };
    body.daily = {
      time: days.map((start) =>
        unixTime ? Math.floor(start.getTime() / 1000) : start.toISOString().slice(0, 10),
      ),
      ...Object.fromEntries(daily.map((name) => [name, dailyValues[name]])),
    };
  }
  return body;
}

/** Geocoding: a case-insensitive prefix match; no match answers without `results`, as Open-Meteo does. */
function search(url: URL): Record<string, unknown> {
  const name = url.searchParams.get('name')?.trim().toLowerCase() ?? '';
  const count = Math.min(Math.max(Number(url.searchParams.get('count') ?? 10) || 10, 1), 100);
  const results =
    name.length < 2 ? [] : PLACES.filter((p) => p.name.toLowerCase().startsWith(name));
  return results.length === 0
    ? { generationtime_ms: 0.1 }
    : { results: results.slice(0, count), generationtime_ms: 0.1 };
}

function parseControl(body: unknown): WeatherControl {
  const control = body as Partial<WeatherControl> | null;
  if (
    !control ||
    typeof control.condition !== 'string' ||
    !(control.condition in WEATHER_CONDITIONS || control.condition === WEATHER_DOWN)
  ) {
    const names = [...Object.keys(WEATHER_CONDITIONS), WEATHER_DOWN];
    throw new BadRequest(`condition must be one of ${names.join(', ')}`);
  }
  const hasPlace = control.latitude !== undefined || control.longitude !== undefined;
  if (hasPlace && (typeof control.latitude !== 'number' || typeof control.longitude !== 'number')) {
    throw new BadRequest('latitude and longitude must be given together, as numbers');
  }
  return control as WeatherControl;
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BadRequest('body must be JSON');
  }
}

const round = (value: number, digits = 1): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
