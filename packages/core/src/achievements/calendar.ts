/**
 * Calendar days in the family's timezone (spec §4 Streak, DESIGN "calendar days are YYYY-MM-DD in
 * the family's timezone"). Pure: only the ECMAScript Intl API, no Node APIs.
 */

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

const formatters = new Map<string, Intl.DateTimeFormat>();

// One formatter per timezone: building Intl.DateTimeFormat is far costlier than using it.
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows the IANA timezone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local day, hour and weekday of an instant in a timezone. */
export function localMoment(instantIso: string, timeZone: string): LocalMoment {
  const instant = new Date(instantIso);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Invalid instant: ${instantIso}`);
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  return { day, hour: Number(part('hour')), weekday: weekdayOf(day) };
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

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(day: string): number {
  return new Date(utcMidnight(day)).getUTCDay();
}
