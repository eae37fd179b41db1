/**
 * Calendar days in the family's timezone (spec §4 Streak, DESIGN "calendar days are YYYY-MM-DD in
 * the family's timezone"). Pure: only the ECMAScript Intl API, no Node APIs.
 */
import { localDayAndMinute, weekdayOfDay } from '../time/wall-clock.ts';

/** The default family timezone (spec §3 Family profile). */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

const MS_PER_DAY = 86_400_000;

export interface LocalMoment {
  /** YYYY-MM-DD in the timezone. */
  day: string;
  /** 0-23, the local wall-clock hour. */
  hour: number;
  /** 0 Sunday … 6 Saturday, of the local day. */
  weekday: number;
}

/** Whether the runtime knows the IANA timezone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    localDayAndMinute('1970-01-01T00:00:00.000Z', timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local day, hour and weekday of an instant in a timezone. */
export function localMoment(instantIso: string, timeZone: string): LocalMoment {
  if (Number.isNaN(Date.parse(instantIso))) throw new RangeError(`Invalid instant: ${instantIso}`);
  const { day, minute } = localDayAndMinute(instantIso, timeZone);
  return { day, hour: Math.floor(minute / 60), weekday: weekdayOfDay(day) };
}

/** The calendar day (YYYY-MM-DD) of an instant in a timezone. */
export function localDay(instantIso: string, timeZone: string): string {
  return localMoment(instantIso, timeZone).day;
}

// A YYYY-MM-DD read as midnight UTC: whole days apart whatever the local DST shifts.
function utcMidnight(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid day: ${day}`);
  return ms;
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function dayGap(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / MS_PER_DAY);
}
