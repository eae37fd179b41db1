import { describe, expect, it } from 'vitest';
import { forecastsForDates } from './forecast.ts';
import { ZDayForecast } from './schema.ts';

const reading = {
  date: '2026-05-16',
  weatherCode: 63,
  temperatureMax: 30,
  temperatureMin: 18.04,
  precipitationProbabilityMax: 80,
  sunrise: '2026-05-16T02:40:00.000Z',
  sunset: '2026-05-16T16:35:00.000Z',
};

describe("each planned day's forecast", () => {
  it("reads Open-Meteo's day in the family's units", () => {
    const [day] = forecastsForDates(['2026-05-16'], [reading], 'imperial', 'fallback');
    expect(ZDayForecast.parse(day)).toEqual({
      date: '2026-05-16',
      condition: 'rainy',
      description: 'Moderate rain',
      weatherCode: 63,
      temperatureMax: 86,
      temperatureMin: 64.5,
      precipitationProbability: 80,
      sunrise: reading.sunrise,
      sunset: reading.sunset,
      units: 'imperial',
      source: 'open-meteo',
    });
  });

  it('§8 a day without a reading is the fallback: Clear, 22 degrees, no sunrise or sunset', () => {
    const days = forecastsForDates(['2026-05-16', '2026-05-17'], [reading], 'metric', 'fallback');
    expect(days[1]).toEqual({
      date: '2026-05-17',
      condition: 'sunny',
      description: 'Clear',
      weatherCode: null,
      temperatureMax: 22,
      temperatureMin: 22,
      precipitationProbability: null,
      sunrise: null,
      sunset: null,
      units: 'metric',
      source: 'fallback',
    });
    expect(forecastsForDates(['2026-05-16'], undefined, 'metric', 'fixed')[0]!.source).toBe(
      'fixed',
    );
  });
});
