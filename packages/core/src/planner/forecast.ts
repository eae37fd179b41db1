/**
 * Each planned day's forecast: Open-Meteo's daily reading in the family's units, or, for a day it
 * does not cover (too far ahead, the fixed provider, a failure), an unknown day: §8's fallback
 * values are what the weather endpoint answers, never a plan's forecast (DESIGN).
 */
import { temperatureIn, wmoCodeDescription, wmoCodeToCondition } from '../weather/weather.ts';
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

export const UNKNOWN_FORECAST_DESCRIPTION = 'Forecast unknown';

/** A day without a live forecast: nothing known but the date, the units and why (`source`). */
export function unknownDayForecast(
  date: string,
  units: TUnits,
  source: 'fixed' | 'fallback',
): TDayForecast {
  return {
    date,
    condition: null,
    description: UNKNOWN_FORECAST_DESCRIPTION,
    weatherCode: null,
    temperatureMax: null,
    temperatureMin: null,
    precipitationProbability: null,
    sunrise: null,
    sunset: null,
    units,
    source,
  };
}

/** The forecast of each date: its reading when there is one, else an unknown day. */
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
      : unknownDayForecast(date, units, missing);
  });
}
