/**
 * Each planned day's forecast: Open-Meteo's daily reading in the family's units, or, for a day it
 * does not cover (too far ahead, the fixed provider, a failure), the fixed/fallback reading of
 * spec §8: "Clear, 22 degrees", with no sunrise or sunset (daylight then runs 06:00 to 20:00).
 */
import {
  fixedTelAvivWeather,
  temperatureIn,
  wmoCodeDescription,
  wmoCodeToCondition,
} from '../weather/weather.ts';
import type { TUnits } from '../weather/schema.ts';
import type { TDayForecast } from './schema.ts';

/** One day of Open-Meteo's daily forecast (°C, %; sunrise and sunset ISO UTC when known). */
export interface DailyForecastReading {
  date: string;
  weatherCode: number;
  temperatureMax: number;
  temperatureMin: number;
  precipitationProbabilityMax: number | null;
  sunrise?: string;
  sunset?: string;
}

export function dayForecastFromReading(reading: DailyForecastReading, units: TUnits): TDayForecast {
  return {
    date: reading.date,
    // The daily reading has no wind: a condition from the code alone.
    condition: wmoCodeToCondition(reading.weatherCode, 0),
    description: wmoCodeDescription(reading.weatherCode),
    weatherCode: reading.weatherCode,
    temperatureMax: temperatureIn(reading.temperatureMax, units),
    temperatureMin: temperatureIn(reading.temperatureMin, units),
    precipitationProbability: reading.precipitationProbabilityMax,
    sunrise: reading.sunrise ?? null,
    sunset: reading.sunset ?? null,
    units,
    source: 'open-meteo',
  };
}

export function fallbackDayForecast(
  date: string,
  units: TUnits,
  source: 'fixed' | 'fallback',
): TDayForecast {
  const reading = fixedTelAvivWeather(units, source, `${date}T12:00:00.000Z`);
  return {
    date,
    condition: reading.condition,
    description: reading.description,
    weatherCode: null,
    temperatureMax: reading.temperature,
    temperatureMin: reading.temperature,
    precipitationProbability: null,
    sunrise: null,
    sunset: null,
    units,
    source,
  };
}

/** The forecast of each date: its reading when there is one, else the fixed/fallback day. */
export function forecastsForDates(
  dates: readonly string[],
  readings: readonly DailyForecastReading[] | undefined,
  units: TUnits,
  missing: 'fixed' | 'fallback',
): TDayForecast[] {
  return dates.map((date) => {
    const reading = readings?.find((r) => r.date === date);
    return reading
      ? dayForecastFromReading(reading, units)
      : fallbackDayForecast(date, units, missing);
  });
}
