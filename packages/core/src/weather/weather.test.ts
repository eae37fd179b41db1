import { describe, expect, it } from 'vitest';
import { ZActivityWeatherQuery, ZWeather, ZWeatherQuery } from './schema.ts';
import {
  celsiusToFahrenheit,
  fahrenheitToCelsius,
  fitsWeatherLocations,
  fixedTelAvivWeather,
  formatTemperature,
  locationsForWeather,
  temperatureIn,
  windSpeedIn,
  wmoCodeDescription,
  wmoCodeToCondition,
} from './weather.ts';

describe('§9 weather to location mapping', () => {
  it('§9 sunny or snowy gives outdoor or both', () => {
    expect(locationsForWeather('sunny')).toEqual(['outdoor', 'both']);
    expect(locationsForWeather('snowy')).toEqual(['outdoor', 'both']);
  });

  it('§9 rainy gives indoor', () => {
    expect(locationsForWeather('rainy')).toEqual(['indoor']);
  });

  it('§9 otherwise both', () => {
    for (const condition of ['cloudy', 'windy', 'stormy'] as const) {
      expect(locationsForWeather(condition)).toEqual(['both']);
    }
  });

  it("§9 activities fit the mapped places; 'both' activities fit any weather", () => {
    const fits = (condition: 'sunny' | 'rainy' | 'cloudy', indoorOnly = false) =>
      (['indoor', 'outdoor', 'both'] as const).filter((location) =>
        fitsWeatherLocations(location, locationsForWeather(condition, { indoorOnly })),
      );
    expect(fits('sunny')).toEqual(['outdoor', 'both']);
    expect(fits('rainy')).toEqual(['indoor', 'both']);
    expect(fits('cloudy')).toEqual(['indoor', 'outdoor', 'both']);
    expect(fits('sunny', true)).toEqual(['indoor', 'both']);
  });

  it('§9 the indoor-only flag gives indoor only, whatever the weather', () => {
    expect(locationsForWeather('sunny', { indoorOnly: true })).toEqual(['indoor']);
    expect(locationsForWeather('cloudy', { indoorOnly: true })).toEqual(['indoor']);
  });
});

describe('§9 temperature units', () => {
  it('§9 °C for metric, otherwise °F', () => {
    expect(formatTemperature(22, 'metric')).toBe('22°C');
    expect(formatTemperature(22, 'imperial')).toBe('72°F');
    expect(formatTemperature(-0.4, 'metric')).toBe('0°C');
  });

  it('converts both ways and rounds readings to one decimal', () => {
    expect(celsiusToFahrenheit(100)).toBe(212);
    expect(fahrenheitToCelsius(32)).toBe(0);
    expect(temperatureIn(22, 'imperial')).toBe(71.6);
    expect(temperatureIn(21.96, 'metric')).toBe(22);
    expect(windSpeedIn(16.09344, 'imperial')).toBe(10);
    expect(windSpeedIn(16.09, 'metric')).toBe(16.1);
  });
});

describe('WMO codes to conditions', () => {
  it.each([
    [0, 'sunny'],
    [1, 'sunny'],
    [2, 'cloudy'],
    [3, 'cloudy'],
    [45, 'cloudy'],
    [53, 'rainy'],
    [63, 'rainy'],
    [81, 'rainy'],
    [73, 'snowy'],
    [86, 'snowy'],
    [95, 'stormy'],
    [99, 'stormy'],
    [42, 'cloudy'],
  ] as const)('code %i is %s on a calm day', (code, condition) => {
    expect(wmoCodeToCondition(code, 5)).toBe(condition);
  });

  it('a dry day with strong wind is windy; rain or storms stay what they are', () => {
    expect(wmoCodeToCondition(0, 39)).toBe('windy');
    expect(wmoCodeToCondition(3, 60)).toBe('windy');
    expect(wmoCodeToCondition(0, 38.9)).toBe('sunny');
    expect(wmoCodeToCondition(63, 60)).toBe('rainy');
    expect(wmoCodeToCondition(95, 80)).toBe('stormy');
  });

  it('describes codes in words', () => {
    expect(wmoCodeDescription(0)).toBe('Clear sky');
    expect(wmoCodeDescription(65)).toBe('Heavy rain');
    expect(wmoCodeDescription(1000)).toBe('Unknown');
  });
});

describe('§8 weather fallback', () => {
  it('§8 weather failure falls back to Clear, 22 degrees, Tel Aviv', () => {
    const now = '2026-01-01T00:00:00.000Z';
    const weather = fixedTelAvivWeather('metric', 'fallback', now);
    expect(ZWeather.parse(weather)).toEqual(weather);
    expect(weather).toMatchObject({
      condition: 'sunny',
      description: 'Clear',
      temperature: 22,
      location: { city: 'Tel Aviv', country: 'IL', lat: 32.08, lon: 34.78 },
      source: 'fallback',
      timestamp: now,
    });
    expect(fixedTelAvivWeather('imperial', 'fixed', now)).toMatchObject({
      temperature: 71.6,
      source: 'fixed',
      units: 'imperial',
    });
  });
});

describe('weather queries', () => {
  it('coerces coordinates and needs lat and lon together', () => {
    expect(ZWeatherQuery.parse({ lat: '32.1', lon: '34.8' })).toEqual({ lat: 32.1, lon: 34.8 });
    expect(ZWeatherQuery.safeParse({ lat: '32.1' }).success).toBe(false);
    expect(ZWeatherQuery.safeParse({ lat: '91', lon: '0' }).success).toBe(false);
    expect(ZActivityWeatherQuery.parse({ city: 'Haifa', indoorOnly: 'true' })).toEqual({
      city: 'Haifa',
      indoorOnly: true,
    });
  });
});
