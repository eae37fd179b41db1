import { describe, expect, it } from 'vitest';
import { addDays, isWeekend, localDayAndMinute, zonedInstant } from './wall-clock.ts';

describe("wall-clock times of the family's time zone", () => {
  it('names the instant of a local time, daylight saving included', () => {
    expect(zonedInstant('2026-01-15', 9 * 60, 'Asia/Jerusalem')).toBe('2026-01-15T07:00:00.000Z');
    expect(zonedInstant('2026-07-15', 9 * 60, 'Asia/Jerusalem')).toBe('2026-07-15T06:00:00.000Z');
    expect(zonedInstant('2026-07-15', 18 * 60 + 30, 'America/Los_Angeles')).toBe(
      '2026-07-16T01:30:00.000Z',
    );
    // London moves to summer time at 01:00 on 29 March 2026: 10:00 that day is 09:00 UTC.
    expect(zonedInstant('2026-03-29', 10 * 60, 'Europe/London')).toBe('2026-03-29T09:00:00.000Z');
  });

  it('reads an instant back as its local day and minute', () => {
    expect(localDayAndMinute('2026-07-16T01:30:00.000Z', 'America/Los_Angeles')).toEqual({
      day: '2026-07-15',
      minute: 18 * 60 + 30,
    });
    expect(localDayAndMinute('2026-01-15T23:30:00Z', 'Asia/Jerusalem')).toEqual({
      day: '2026-01-16',
      minute: 90,
    });
  });

  it('counts calendar days and knows weekends', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isWeekend('2026-05-16')).toBe(true);
    expect(isWeekend('2026-05-17')).toBe(true);
    expect(isWeekend('2026-05-18')).toBe(false);
  });
});
