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

  it("a day without a live reading is unknown: no condition, no temperatures, never §8's Tel Aviv values (issue 29)", () => {
    const days = forecastsForDates(['2026-05-16', '2026-05-17'], [reading], 'metric', 'fallback');
    expect(ZDayForecast.parse(days[1])).toEqual({
      date: '2026-05-17',
      condition: null,
      description: 'Forecast unknown',
      weatherCode: null,
      temperatureMax: null,
      temperatureMin: null,
      precipitationProbability: null,
      sunrise: null,
      sunset: null,
      units: 'metric',
      source: 'fallback',
    });
    expect(forecastsForDates(['2026-05-16'], undefined, 'metric', 'fixed')[0]).toMatchObject({
      source: 'fixed',
      condition: null,
    });
  });
});
