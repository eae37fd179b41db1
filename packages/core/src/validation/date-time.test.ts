import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays } from '../time/wall-clock.ts';
import { CALENDAR_DAY_MESSAGE, ZCalendarDay, ZDateTimeInput } from './date-time.ts';

/** Days and times that cannot be: no 13th month, no 45th day, no 29 February in 2026. */
const IMPOSSIBLE_DAYS = ['2026-13-45', '2026-02-29', '2026-04-31', '2026-00-10', '2026-4-3', ''];
const IMPOSSIBLE_INSTANTS = [
  '2026-13-45T10:00:00Z',
  '2026-02-29T10:00:00Z',
  '2026-05-16T25:00:00Z',
  '2026-05-16T10:61:00+02:00',
  '2026-05-16',
];

describe('date-time input range (issue 8: no absurd dates)', () => {
  it('accepts times from 1970 to 9999, with or without an offset', () => {
    for (const value of [
      '1970-01-01T00:00:00Z',
      '2024-05-01T10:00:00+02:00',
      '9999-12-31T23:59:59.999Z',
    ]) {
      expect(ZDateTimeInput.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses years before 1970 (0999 included) and after 9999', () => {
    for (const value of ['0999-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '1969-12-31T23:59:59Z']) {
      expect(ZDateTimeInput.safeParse(value).success, value).toBe(false);
    }
    expect(ZDateTimeInput.safeParse('9999-12-31T23:59:59-01:00').success).toBe(false);
  });

  it('refuses instants of impossible days and times', () => {
    for (const value of IMPOSSIBLE_INSTANTS) {
      expect(ZDateTimeInput.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('calendar days (issue 28: an impossible date is a 400, never a 500)', () => {
  it('accepts real days from 1970 to 9999, 29 February in leap years', () => {
    for (const day of ['1970-01-01', '2024-02-29', '2000-02-29', '2026-12-31', '9999-12-31']) {
      expect(ZCalendarDay.safeParse(day).success, day).toBe(true);
    }
  });

  it('refuses days that do not exist, other shapes and years before 1970', () => {
    for (const day of [...IMPOSSIBLE_DAYS, '1900-02-29', '1969-12-31', '2026-05-16T00:00:00Z']) {
      expect(ZCalendarDay.safeParse(day).success, day).toBe(false);
    }
    expect(ZCalendarDay.safeParse('2026-13-45').error?.issues[0]?.message).toBe(
      CALENDAR_DAY_MESSAGE,
    );
  });

  it('an impossible date stops the enclosing object before its refinements compute with it', () => {
    let computed = 0;
    const ZPlan = z
      .object({ startDate: ZCalendarDay, at: ZDateTimeInput })
      .refine(({ startDate, at }) => {
        computed += 1;
        return addDays(startDate, 1) > '' && new Date(at).toISOString() > '';
      });
    for (const startDate of IMPOSSIBLE_DAYS) {
      expect(() => ZPlan.safeParse({ startDate, at: '2026-05-16T10:00:00Z' })).not.toThrow();
    }
    for (const at of IMPOSSIBLE_INSTANTS) {
      expect(() => ZPlan.safeParse({ startDate: '2026-05-16', at })).not.toThrow();
    }
    expect(computed).toBe(0);
    expect(ZPlan.safeParse({ startDate: '2026-05-16', at: '2026-05-16T10:00:00Z' }).success).toBe(
      true,
    );
  });
});
