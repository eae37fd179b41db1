import { describe, expect, it } from 'vitest';
import { addDays } from '../time/wall-clock.ts';
import { ZCalendarDay } from '../validation/date-time.ts';
import { ZPlannerRequest, ZPlanSlot, ZSavedPlanInput } from './schema.ts';

const forecastOf = (date: string) => ({
  date,
  condition: 'sunny',
  description: 'Clear',
  weatherCode: 0,
  temperatureMax: 22,
  temperatureMin: 22,
  precipitationProbability: null,
  sunrise: null,
  sunset: null,
  units: 'metric',
  source: 'fixed',
});

const item = { start: '10:00', activityId: 'a', childIds: ['c'], why: 'x' };

const savedPlan = (dates: string[], itemsPerDay = 0) => ({
  title: 'Weekend',
  startDate: '2026-05-16',
  childIds: ['c'],
  slots: [{ start: '10:00', minutes: 30 }],
  days: dates.map((date) => ({
    date,
    forecast: forecastOf(date),
    slots: [],
    items: Array.from({ length: itemsPerDay }, () => item),
  })),
  plannedBy: 'rules',
  model: null,
});

describe('planner request (DESIGN, Planner)', () => {
  it('plans 1 to 7 days from a real calendar day', () => {
    expect(ZPlannerRequest.safeParse({ startDate: '2026-05-16', days: 7 }).success).toBe(true);
    expect(ZPlannerRequest.safeParse({ startDate: '2026-05-16', days: 0 }).success).toBe(false);
    expect(ZPlannerRequest.safeParse({ startDate: '2026-05-16', days: 8 }).success).toBe(false);
    expect(ZCalendarDay.safeParse('2026-04-31').success).toBe(false);
    expect(ZCalendarDay.safeParse('2026-4-3').success).toBe(false);
  });

  it('a window is HH:MM, 5 to 480 minutes, ends by midnight, and applies every day unless told', () => {
    expect(ZPlanSlot.parse({ start: '15:00', minutes: 30 })).toEqual({
      start: '15:00',
      minutes: 30,
      on: 'every-day',
    });
    expect(ZPlanSlot.safeParse({ start: '23:30', minutes: 30 }).success).toBe(true);
    expect(ZPlanSlot.safeParse({ start: '23:30', minutes: 31 }).success).toBe(false);
    expect(ZPlanSlot.safeParse({ start: '24:00', minutes: 30 }).success).toBe(false);
    expect(ZPlanSlot.safeParse({ start: '10:00', minutes: 4 }).success).toBe(false);
  });

  it('refuses unknown fields', () => {
    const extra = { startDate: '2026-05-16', days: 1, x: 1 };
    expect(ZPlannerRequest.safeParse(extra).success).toBe(false);
  });
});

describe('saved plan', () => {
  const weekend = ['2026-05-16', '2026-05-17'];

  it('holds at most 100 activities', () => {
    expect(ZSavedPlanInput.safeParse(savedPlan(weekend, 50)).success).toBe(true);
    expect(ZSavedPlanInput.safeParse(savedPlan(weekend, 51)).success).toBe(false);
  });

  it('has its days one after another from its start', () => {
    const week = Array.from({ length: 7 }, (_, i) => addDays('2026-05-16', i));
    expect(ZSavedPlanInput.safeParse(savedPlan(week)).success).toBe(true);
    expect(ZSavedPlanInput.safeParse(savedPlan(['2026-05-16', '2026-05-18'])).success).toBe(false);
    expect(ZSavedPlanInput.safeParse(savedPlan(['2026-05-17'])).success).toBe(false);
  });

  it('an impossible start or day is refused, not computed with (issue 28)', () => {
    for (const startDate of ['2026-13-45', '2026-02-29']) {
      const plan = { ...savedPlan(weekend), startDate };
      expect(ZSavedPlanInput.safeParse(plan).success, startDate).toBe(false);
    }
    expect(ZSavedPlanInput.safeParse(savedPlan(['2026-05-16', '2026-05-45'])).success).toBe(false);
  });
});
