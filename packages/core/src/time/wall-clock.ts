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

/** The instant's local wall-clock time, written as if it were UTC (ms), from the zone's rules. */
function formattedWallClockMs(instantMs: number, timeZone: string): number {
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
 * Since 1972 every zone's offset is a whole number of minutes and changes only at the start of a
 * minute (Monrovia's -00:44:30 was the last one that was not), so one offset holds for a whole
 * minute of instants.
 */
const WHOLE_MINUTE_OFFSETS_FROM_MS = Date.UTC(1972, 6, 1);
const MAX_KEPT_OFFSETS = 4096;
/** The offset (wall clock minus instant, ms) of a zone at a minute since 1972, by `zone minute`. */
const keptOffsets = new Map<string, number>();

/**
 * The instant's local wall-clock time, written as if it were UTC (ms; to the second, as the zone's
 * rules give it). The zone's offset at a minute is worked out once (formatting a date with the
 * Intl API is slow) and kept for the other instants of that minute.
 */
function wallClockMs(instantMs: number, timeZone: string): number {
  if (instantMs < WHOLE_MINUTE_OFFSETS_FROM_MS) return formattedWallClockMs(instantMs, timeZone);
  const minuteMs = Math.floor(instantMs / MS_PER_MINUTE) * MS_PER_MINUTE;
  const key = `${timeZone} ${minuteMs}`;
  let offset = keptOffsets.get(key);
  if (offset === undefined) {
    offset = formattedWallClockMs(minuteMs, timeZone) - minuteMs;
    if (keptOffsets.size >= MAX_KEPT_OFFSETS) keptOffsets.clear();
    keptOffsets.set(key, offset);
  }
  return Math.floor(instantMs / 1000) * 1000 + offset;
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
