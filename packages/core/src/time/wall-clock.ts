/**
 * Wall-clock times of the family's time zone and the instants they name. A plan speaks in local
 * days and `HH:MM`; sunrise and sunset come as instants. Pure: the ECMAScript Intl API only.
 */

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The instant's local wall-clock time, written as if it were UTC (ms). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instantMs));
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
}

/**
 * The instant of a local day and minute of the day. Two passes of the zone's offset settle it
 * across a daylight-saving change; a time that a change skips reads as the instant after it.
 */
export function zonedInstant(day: string, minuteOfDay: number, timeZone: string): string {
  const wall = Date.parse(`${day}T00:00:00Z`) + minuteOfDay * MS_PER_MINUTE;
  const first = wall - (wallClockMs(wall, timeZone) - wall);
  const second = wall - (wallClockMs(first, timeZone) - first);
  return new Date(second).toISOString();
}

/** The local day (`YYYY-MM-DD`) and minute of the day of an instant. */
export function localDayAndMinute(
  instantIso: string,
  timeZone: string,
): { day: string; minute: number } {
  const wall = wallClockMs(Date.parse(instantIso), timeZone);
  const iso = new Date(wall).toISOString();
  return { day: iso.slice(0, 10), minute: Math.floor((wall % MS_PER_DAY) / MS_PER_MINUTE) };
}

/** The day `offset` days after `day` (calendar days; time zones play no part). */
export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOfDay(day: string): number {
  return new Date(Date.parse(`${day}T00:00:00Z`)).getUTCDay();
}

export function isWeekend(day: string): boolean {
  const weekday = weekdayOfDay(day);
  return weekday === 0 || weekday === 6;
}
