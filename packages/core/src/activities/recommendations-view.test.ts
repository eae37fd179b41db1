import { describe, expect, it } from 'vitest';
import type { TRecommendationsResponse } from './recommend.ts';
import {
  compactRecommendations,
  ZCompactRecommendationsResponse,
  ZRecommendationsAnswer,
  ZRecommendationsRequest,
} from './recommendations-view.ts';
import { makeActivity } from './test-activity.ts';

const full: TRecommendationsResponse = {
  recommendations: [
    { activity: makeActivity({ id: 'paint' }), score: 71.5, reasons: ['Great for age 5'] },
    { activity: makeActivity({ id: 'dance' }), score: 60, reasons: [] },
  ],
  basis: {
    age: 5,
    childId: null,
    timeAvailable: 30,
    location: 'both',
    energyLevel: null,
    weather: 'sunny',
    afterDark: false,
    evening: false,
    lookAhead: false,
    ageCoverage: { youngest: 0, oldest: 12 },
    helperIds: [],
  },
  weather: {
    condition: 'sunny',
    description: 'Clear sky',
    temperature: 21,
    feels_like: null,
    humidity: 40,
    pressure: null,
    wind_speed: 3,
    wind_direction: null,
    visibility: null,
    sunrise: '06:00',
    sunset: '20:00',
    timestamp: '2026-06-01T10:00:00.000Z',
    location: { city: 'Springfield', country: 'US', lat: 39.8, lon: -89.6 },
    units: 'metric',
    source: 'fixed',
  },
};

describe('recommendations, compact form (issue 30)', () => {
  it('is the full answer with each activity replaced by its id, in the same order', () => {
    const compact = compactRecommendations(full);
    expect(compact).toEqual({
      recommendations: [
        { activityId: 'paint', score: 71.5, reasons: ['Great for age 5'] },
        { activityId: 'dance', score: 60, reasons: [] },
      ],
      basis: full.basis,
      weather: full.weather,
    });
    expect(ZCompactRecommendationsResponse.parse(compact)).toEqual(compact);
  });

  it('the full form is the default; either form is a valid answer', () => {
    expect(ZRecommendationsRequest.parse({}).view).toBe('full');
    expect(ZRecommendationsRequest.parse({ view: 'compact' }).view).toBe('compact');
    expect(ZRecommendationsRequest.safeParse({ view: 'ids' }).success).toBe(false);
    expect(ZRecommendationsAnswer.safeParse(full).success).toBe(true);
    expect(ZRecommendationsAnswer.safeParse(compactRecommendations(full)).success).toBe(true);
  });
});
