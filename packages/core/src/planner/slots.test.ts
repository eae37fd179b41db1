import { describe, expect, it } from 'vitest';
import { defaultSlots, slotsForDay } from './slots.ts';

const prefs = (...availableTimeSlots: ('morning' | 'afternoon' | 'evening' | 'weekend')[]) => ({
  preferences: { availableTimeSlots },
});

describe("the form's windows from the children's time slots and the family's default time", () => {
  it('each part of the day a child is free becomes a window of every day, the default time long', () => {
    expect(defaultSlots([prefs('afternoon'), prefs('morning', 'afternoon')], 45)).toEqual([
      { start: '10:00', minutes: 45, on: 'every-day' },
      { start: '15:00', minutes: 45, on: 'every-day' },
    ]);
  });

  it('weekend gives the morning and afternoon of Saturdays and Sundays', () => {
    expect(defaultSlots([prefs('weekend', 'evening')], 30)).toEqual([
      { start: '10:00', minutes: 30, on: 'weekends' },
      { start: '15:00', minutes: 30, on: 'weekends' },
      { start: '18:00', minutes: 30, on: 'every-day' },
    ]);
  });

  it('nothing given: after school every day, and the morning at weekends', () => {
    expect(defaultSlots([prefs()], 30)).toEqual([
      { start: '10:00', minutes: 30, on: 'weekends' },
      { start: '15:00', minutes: 30, on: 'every-day' },
    ]);
  });
});

describe("a day's windows", () => {
  const slots = [
    { start: '15:00', minutes: 60, on: 'every-day' as const },
    { start: '10:00', minutes: 30, on: 'weekends' as const },
    { start: '15:30', minutes: 60, on: 'weekdays' as const },
  ];

  it('keeps the windows of the day, in time order, overlapping ones joined', () => {
    expect(slotsForDay(slots, '2026-05-16')).toEqual([
      { start: '10:00', minutes: 30 },
      { start: '15:00', minutes: 60 },
    ]);
    expect(slotsForDay(slots, '2026-05-18')).toEqual([{ start: '15:00', minutes: 90 }]);
  });

  it('cuts off what has passed today (from now, rounded up to five minutes); other days stay whole', () => {
    const now = { day: '2026-05-18', minute: 15 * 60 + 21 };
    expect(slotsForDay(slots, '2026-05-18', now)).toEqual([{ start: '15:25', minutes: 65 }]);
    expect(slotsForDay(slots, '2026-05-19', now)).toEqual([{ start: '15:00', minutes: 90 }]);
    const late = { day: '2026-05-18', minute: 16 * 60 + 27 };
    expect(slotsForDay(slots, '2026-05-18', late)).toEqual([]);
  });
});
