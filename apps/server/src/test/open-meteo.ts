import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Open-Meteo's forecast answer for the query our client sends (shape from open-meteo.com/en/docs). */
const forecastJson = {
  latitude: 52.52,
  longitude: 13.419998,
  generationtime_ms: 0.0679492950439453,
  utc_offset_seconds: 3600,
  timezone: 'Europe/Berlin',
  timezone_abbreviation: 'GMT+1',
  elevation: 38,
  current_units: {
    time: 'iso8601',
    interval: 'seconds',
    temperature_2m: '°C',
    apparent_temperature: '°C',
    relative_humidity_2m: '%',
    surface_pressure: 'hPa',
    wind_speed_10m: 'km/h',
    wind_direction_10m: '°',
    weather_code: 'wmo code',
    visibility: 'm',
  },
  current: {
    time: '2026-01-15T12:00',
    interval: 900,
    temperature_2m: 10,
    apparent_temperature: 7.4,
    relative_humidity_2m: 81,
    surface_pressure: 1008.3,
    wind_speed_10m: 16.1,
    wind_direction_10m: 250,
    weather_code: 63,
    visibility: 24140,
  },
  daily_units: { time: 'iso8601', sunrise: 'iso8601', sunset: 'iso8601' },
  daily: { time: ['2026-01-15'], sunrise: ['2026-01-15T08:12'], sunset: ['2026-01-15T16:22'] },
};

const geocodingJson = {
  results: [
    {
      id: 2950159,
      name: 'Berlin',
      latitude: 52.52437,
      longitude: 13.41053,
      elevation: 74,
      feature_code: 'PPLC',
      country_code: 'DE',
      admin1_id: 2950157,
      timezone: 'Europe/Berlin',
      population: 3426354,
      country_id: 2921044,
      country: 'Germany',
      admin1: 'Land Berlin',
    },
  ],
  generationtime_ms: 0.9,
};

export type Behaviour = 'ok' | 'hang' | 'bad-json' | 'error-500' | 'wrong-shape';

/** One day of Open-Meteo's daily forecast as the stand-in serves it (°C, mm, %). */
export interface StandInDay {
  date: string;
  weatherCode: number | null;
  max: number | null;
  min: number | null;
  rain?: number | null;
  rainChance?: number | null;
  /** Local times at the place ("2026-01-15T08:12"); left out of the answer when absent. */
  sunrise?: string;
  sunset?: string;
}

/** Open-Meteo's answer to our daily query (shape from open-meteo.com/en/docs), for these days. */
export function dailyForecastJson(days: StandInDay[]) {
  return {
    latitude: 52.52,
    longitude: 13.419998,
    generationtime_ms: 0.05,
    utc_offset_seconds: 3600,
    timezone: 'Europe/Berlin',
    timezone_abbreviation: 'GMT+1',
    elevation: 38,
    daily_units: {
      time: 'iso8601',
      weather_code: 'wmo code',
      temperature_2m_max: '°C',
      temperature_2m_min: '°C',
      precipitation_sum: 'mm',
      precipitation_probability_max: '%',
    },
    daily: {
      time: days.map((d) => d.date),
      weather_code: days.map((d) => d.weatherCode),
      temperature_2m_max: days.map((d) => d.max),
      temperature_2m_min: days.map((d) => d.min),
      precipitation_sum: days.map((d) => d.rain ?? 0),
      precipitation_probability_max: days.map((d) => d.rainChance ?? 0),
      ...(days.some((d) => d.sunrise) && {
        sunrise: days.map((d) => d.sunrise ?? null),
        sunset: days.map((d) => d.sunset ?? null),
      }),
    },
  };
}

/**
 * A local server that speaks Open-Meteo's forecast and geocoding JSON: the current weather, or
 * the daily forecast when the query asks for daily weather codes (set with `setDays`).
 */
export function startOpenMeteo() {
  const hits: string[] = [];
  let behaviour: Behaviour = 'ok';
  let days: StandInDay[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    hits.push(`${url.pathname}?${url.searchParams.toString()}`);
    if (behaviour === 'hang') return;
    if (behaviour === 'error-500') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: true, reason: 'Internal error' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (behaviour === 'bad-json') return res.end('{"latitude": 52.5, "current": {');
    if (behaviour === 'wrong-shape') return res.end(JSON.stringify({ latitude: 1 }));
    if (url.pathname === '/v1/search') {
      const known = url.searchParams.get('name') === 'Berlin';
      return res.end(JSON.stringify(known ? geocodingJson : { generationtime_ms: 0.4 }));
    }
    const daily = url.searchParams.get('daily') ?? '';
    if (daily.split(',').includes('weather_code')) {
      const count = Number(url.searchParams.get('forecast_days') ?? '7');
      return res.end(JSON.stringify(dailyForecastJson(days.slice(0, count))));
    }
    res.end(JSON.stringify(forecastJson));
  });
  return {
    hits,
    setBehaviour(next: Behaviour) {
      behaviour = next;
    },
    /** The days the daily forecast gives, from the first. */
    setDays(next: StandInDay[]) {
      days = next;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
