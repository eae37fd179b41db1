import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weekdayOfDay } from '../time/wall-clock.ts';
import { dayGap, isValidTimeZone, localDay, localMoment } from './calendar.ts';
import { nextStreak, streaksOf, withPlayedDay, type StreakState } from './streak.ts';

const none: StreakState = { currentStreak: 0, longestStreak: 0, lastActivityDate: null };
const at = (currentStreak: number, lastActivityDate: string, longestStreak = currentStreak) => ({
  currentStreak,
  longestStreak,
  lastActivityDate,
});

describe('§4 streak', () => {
  it('§4 streak: no previous date gives 1', () => {
    expect(nextStreak(none, '2026-05-10')).toEqual(at(1, '2026-05-10'));
  });

  it('§4 streak: a gap of exactly one day adds 1', () => {
    expect(nextStreak(at(4, '2026-05-10', 6), '2026-05-11')).toEqual(at(5, '2026-05-11', 6));
  });

  it('§4 streak: a gap of more than one day resets to 1', () => {
    expect(nextStreak(at(4, '2026-05-10'), '2026-05-12')).toEqual(at(1, '2026-05-12', 4));
    expect(nextStreak(at(9, '2026-05-10'), '2027-05-10')).toEqual(at(1, '2027-05-10', 9));
  });

  it('§4 streak: the same day leaves it unchanged', () => {
    expect(nextStreak(at(3, '2026-05-10'), '2026-05-10')).toEqual(at(3, '2026-05-10'));
  });

  it('from the stats alone, a day before the last activity date leaves them as they are', () => {
    // The app's estimate for a completion queued offline: only the played days can tell.
    expect(nextStreak(at(3, '2026-05-10'), '2026-05-09')).toEqual(at(3, '2026-05-10'));
    expect(nextStreak(at(3, '2026-05-10'), '2026-04-01')).toEqual(at(3, '2026-05-10'));
  });

  it('§4 streak: the longest streak grows with the current one', () => {
    expect(nextStreak(at(6, '2026-05-10', 6), '2026-05-11')).toEqual(at(7, '2026-05-11', 7));
  });

  it('§4 streak: counts across month and year ends and leap days', () => {
    expect(nextStreak(at(1, '2026-12-31'), '2027-01-01').currentStreak).toBe(2);
    expect(nextStreak(at(1, '2028-02-28'), '2028-02-29').currentStreak).toBe(2);
    expect(nextStreak(at(1, '2027-02-28'), '2027-03-01').currentStreak).toBe(2);
    expect(nextStreak(at(1, '2028-02-28'), '2028-03-01').currentStreak).toBe(1);
  });
});

/** The n-th day after 2026-05-11, YYYY-MM-DD. */
const day = (n: number) => new Date(Date.UTC(2026, 4, 11 + n)).toISOString().slice(0, 10);
const played = (...days: number[]) =>
  days.reduce<string[]>((all, n) => withPlayedDay(all, day(n)), []);

describe('§4 streak from the played days (issue 12: a completion counts for its own day)', () => {
  it('§4 streak: no previous date gives 1', () => {
    expect(streaksOf([])).toEqual(none);
    expect(streaksOf(played(0))).toEqual(at(1, day(0)));
  });

  it('§4 streak: a gap of exactly one day adds 1', () => {
    expect(streaksOf(played(0, 1))).toEqual(at(2, day(1)));
    expect(streaksOf(played(0, 1, 2, 3))).toEqual(at(4, day(3)));
  });

  it('§4 streak: a gap of more than one day resets to 1, the longest stays', () => {
    expect(streaksOf(played(0, 1, 2, 4))).toEqual(at(1, day(4), 3));
    expect(streaksOf(played(0, 400))).toEqual(at(1, day(400), 1));
  });

  it('§4 streak: the same day leaves it unchanged', () => {
    expect(played(0, 1, 1, 1)).toEqual([day(0), day(1)]);
    expect(streaksOf(played(0, 1, 1))).toEqual(streaksOf(played(0, 1)));
  });

  it('§4 streak: counts across month and year ends and leap days', () => {
    expect(streaksOf(['2026-12-31', '2027-01-01']).currentStreak).toBe(2);
    expect(streaksOf(['2028-02-28', '2028-02-29', '2028-03-01']).currentStreak).toBe(3);
    expect(streaksOf(['2027-02-28', '2027-03-01']).currentStreak).toBe(2);
  });

  it('a missed day synced late bridges the runs on either side of it (Mon, Wed, then Tue → 3)', () => {
    expect(streaksOf(played(0, 2))).toEqual(at(1, day(2), 1));
    expect(streaksOf(played(0, 2, 1))).toEqual(at(3, day(2), 3));
    // A late day inside an earlier run moves the longest streak, not the current one.
    expect(streaksOf(played(0, 2, 5, 1))).toEqual(at(1, day(5), 3));
  });

  it('keeps the played days sorted and unique whatever order they come in', () => {
    expect(played(3, 1, 2, 1, 0)).toEqual([day(0), day(1), day(2), day(3)]);
  });

  const arbDays = fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 40 });

  it('for any order of arrival of a set of days, the streaks are those of the sorted days', () => {
    fc.assert(
      fc.property(arbDays, (days) => {
        const sorted = [...new Set(days)].sort((a, b) => a - b).map(day);
        expect(streaksOf(played(...days))).toEqual(streaksOf(sorted));
      }),
    );
  });

  it('for days arriving in date order, the played days give exactly the §4 step rule', () => {
    fc.assert(
      fc.property(arbDays, (days) => {
        const inOrder = [...days].sort((a, b) => a - b);
        let stats = none;
        let all: string[] = [];
        for (const n of inOrder) {
          stats = nextStreak(stats, day(n));
          all = withPlayedDay(all, day(n));
          expect(streaksOf(all)).toEqual(stats);
        }
      }),
    );
  });
});

describe('§4 last activity date: YYYY-MM-DD in the family timezone', () => {
  it('§4 streak: the date is kept as YYYY-MM-DD', () => {
    expect(localDay('2026-05-10T12:00:00Z', 'UTC')).toBe('2026-05-10');
    expect(localDay('2026-01-05T12:00:00Z', 'UTC')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('§4 streak: 23:30 and 00:30 local are two days whatever UTC says (Pacific/Auckland)', () => {
    // NZDT is UTC+13: both instants fall on 2026-01-10 in UTC.
    const lateEvening = '2026-01-10T10:30:00Z';
    const pastMidnight = '2026-01-10T11:30:00Z';
    expect(localDay(lateEvening, 'Pacific/Auckland')).toBe('2026-01-10');
    expect(localDay(pastMidnight, 'Pacific/Auckland')).toBe('2026-01-11');
    expect(localDay(lateEvening, 'UTC')).toBe(localDay(pastMidnight, 'UTC'));
    const first = nextStreak(none, localDay(lateEvening, 'Pacific/Auckland'));
    expect(nextStreak(first, localDay(pastMidnight, 'Pacific/Auckland')).currentStreak).toBe(2);
  });

  it('§4 streak: one local day even when UTC crosses midnight (America/Los_Angeles)', () => {
    // 17:00 and 23:30 PDT on 2026-07-04 are 00:00 and 06:30 UTC on 2026-07-05.
    expect(localDay('2026-07-05T00:00:00Z', 'America/Los_Angeles')).toBe('2026-07-04');
    expect(localDay('2026-07-05T06:30:00Z', 'America/Los_Angeles')).toBe('2026-07-04');
    const first = nextStreak(none, '2026-07-04');
    expect(nextStreak(first, localDay('2026-07-05T06:30:00Z', 'America/Los_Angeles'))).toEqual(
      first,
    );
  });

  it('§4 streak: DST spring-forward (a 23-hour day) is still one day apart', () => {
    // Los Angeles springs forward on 2026-03-08; 23:30 PST on 03-07 and 00:30 PST on 03-08.
    expect(localDay('2026-03-08T07:30:00Z', 'America/Los_Angeles')).toBe('2026-03-07');
    expect(localDay('2026-03-08T08:30:00Z', 'America/Los_Angeles')).toBe('2026-03-08');
    // 23:30 PDT on 03-08 → 03-09 06:30Z; next evening 23:30 PDT.
    expect(localDay('2026-03-09T06:30:00Z', 'America/Los_Angeles')).toBe('2026-03-08');
    expect(dayGap('2026-03-07', '2026-03-08')).toBe(1);
    expect(dayGap('2026-03-08', '2026-03-09')).toBe(1);
  });

  it('§4 streak: DST fall-back (a 25-hour day) is still one day apart', () => {
    // Auckland falls back on 2026-04-05 at 03:00 NZDT; the day lasts 25 hours.
    expect(localDay('2026-04-04T11:30:00Z', 'Pacific/Auckland')).toBe('2026-04-05'); // 00:30 NZDT
    expect(localDay('2026-04-05T11:30:00Z', 'Pacific/Auckland')).toBe('2026-04-05'); // 23:30 NZST
    expect(localDay('2026-04-05T12:30:00Z', 'Pacific/Auckland')).toBe('2026-04-06'); // 00:30 NZST
    expect(dayGap('2026-04-05', '2026-04-06')).toBe(1);
    expect(dayGap('2026-11-01', '2026-11-02')).toBe(1);
  });

  it('gives the local hour and weekday of an instant', () => {
    expect(localMoment('2026-01-10T18:45:00Z', 'Pacific/Auckland')).toEqual({
      day: '2026-01-11',
      hour: 7,
      weekday: 0,
    });
    expect(localMoment('2026-01-11T00:10:00+13:00', 'Pacific/Auckland').hour).toBe(0);
    expect(weekdayOfDay('2026-11-21')).toBe(6);
  });

  it('counts calendar days between dates, negative backwards', () => {
    expect(dayGap('2026-05-10', '2026-05-10')).toBe(0);
    expect(dayGap('2026-05-10', '2026-05-01')).toBe(-9);
    expect(dayGap('2026-01-01', '2027-01-01')).toBe(365);
  });

  it('rejects unknown timezones and malformed instants', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => localDay('yesterday', 'UTC')).toThrow(RangeError);
    expect(() => dayGap('2026-13-45', '2026-01-01')).toThrow(RangeError);
  });
});
