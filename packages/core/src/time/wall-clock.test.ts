import fc from 'fast-check';
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

  it('reads every instant of a minute as its zone gives it, before, at and after a change', () => {
    const zones = [
      'Europe/London',
      'America/Los_Angeles',
      'Asia/Jerusalem',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'America/St_Johns',
      'Africa/Monrovia',
      'UTC',
    ];
    const byIntl = (instantMs: number, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date(instantMs));
      const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      const day = `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}-${parts.find((p) => p.type === 'day')?.value}`;
      return { day, minute: part('hour') * 60 + part('minute') };
    };
    // London's clocks go forward at 01:00 UTC on 29 March 2026 and back on 25 October.
    const changes = [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)];
    const instants = fc.oneof(
      fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) }),
      fc
        .constantFrom(...changes)
        .chain((at) => fc.integer({ min: at - 120_000, max: at + 120_000 })),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.array(instants, { minLength: 1, maxLength: 5 }),
        (zone, list) => {
          // Instants of one minute in turn, so that a later one reads what an earlier one worked out.
          for (const instant of [...list, ...list.map((ms) => ms + 59_999 - (ms % 60_000))]) {
            const iso = new Date(instant).toISOString();
            expect(localDayAndMinute(iso, zone)).toEqual(byIntl(instant, zone));
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
