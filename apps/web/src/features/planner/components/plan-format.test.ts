import { describe, expect, it } from 'vitest';
import type { TDayForecast } from '@kkb/core/planner/schema';
import { childrenLabel, formatDaylight, formatForecast, plannedByLabel } from './plan-format';

const forecast: TDayForecast = {
  date: '2026-05-16',
  condition: 'sunny',
  description: 'Clear sky',
  weatherCode: 0,
  temperatureMax: 77.4,
  temperatureMin: 59.2,
  precipitationProbability: 0,
  sunrise: '2026-05-16T12:50:00.000Z',
  sunset: '2026-05-17T02:50:00.000Z',
  units: 'imperial',
  source: 'open-meteo',
};

describe("a plan's words", () => {
  it("reads a day's forecast: words, lowest to highest in the family's units, the chance of rain", () => {
    expect(formatForecast(forecast)).toBe('Clear sky · 59–77°F');
    expect(formatForecast({ ...forecast, precipitationProbability: 40 })).toBe(
      'Clear sky · 59–77°F · 40% chance of rain',
    );
    expect(
      formatForecast({ ...forecast, units: 'metric', temperatureMin: 22, temperatureMax: 22 }),
    ).toBe('Clear sky · 22°C');
  });

  it('a day without a live forecast reads "Forecast unknown", a plan saved with §8\'s values too (issue 29)', () => {
    const unknown = {
      ...forecast,
      condition: null,
      description: 'Forecast unknown',
      temperatureMax: null,
      temperatureMin: null,
      source: 'fallback' as const,
    };
    expect(formatForecast(unknown)).toBe('Forecast unknown');
    const savedBefore = { ...forecast, description: 'Clear', source: 'fixed' as const };
    expect(formatForecast(savedBefore)).toBe('Forecast unknown');
  });

  it("gives sunrise and sunset in the family's time zone, nothing without them", () => {
    expect(formatDaylight(forecast, 'America/Los_Angeles')).toBe('Sunrise 05:50 · sunset 19:50');
    expect(formatDaylight({ ...forecast, sunrise: null }, 'UTC')).toBeNull();
  });

  it('names the children and who planned it', () => {
    const names = new Map([
      ['a', 'Ada'],
      ['b', 'Ben'],
      ['c', 'Cy'],
    ]);
    expect(childrenLabel(['a', 'b', 'c'], names)).toBe('Ada, Ben and Cy');
    expect(childrenLabel(['b', 'gone'], names)).toBe('Ben');
    expect(plannedByLabel({ plannedBy: 'model', model: 'qwen2.5' })).toBe('Planned with qwen2.5');
    expect(plannedByLabel({ plannedBy: 'rules', model: null })).toBe('Planned by the rules');
  });
});
