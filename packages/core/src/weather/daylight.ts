import { localMoment } from '../achievements/calendar.ts';

/**
 * The time of day as play sees it: whether it is dark out (recommendations leave outdoor-only
 * activities out after dark) and whether it is evening (calm activities score higher), and the
 * dashboard's greeting. Pure: the instant, the family's time zone and the weather's sunrise and
 * sunset come in as arguments.
 */

/** Without sunrise and sunset (the fixed and fallback weather), dark from 20:00 ... */
export const DARK_FROM_HOUR = 20;
/** ... until 06:00, local time. */
export const LIGHT_FROM_HOUR = 6;
/** Calm activities score higher from 18:00 local time (or earlier, once it is dark). */
export const EVENING_FROM_HOUR = 18;

/** Greeting boundaries, local hours: morning 05-11, afternoon 12-17, evening 18-20, night. */
const MORNING_FROM_HOUR = 5;
const AFTERNOON_FROM_HOUR = 12;
const NIGHT_FROM_HOUR = 21;

const MS_PER_DAY = 86_400_000;

export interface DaylightInput {
  /** The instant, ISO 8601. */
  now: string;
  /** The family's IANA time zone. */
  timeZone: string;
  /** Sunrise and sunset of the weather reading (ISO 8601 instants), null when unknown. */
  sunrise: string | null;
  sunset: string | null;
}

export interface Daylight {
  /** 0-23 in the family's time zone. */
  localHour: number;
  afterDark: boolean;
  evening: boolean;
}

/**
 * After dark: from sunset until the next sunrise. The reading's sunrise and sunset are moved by
 * whole days to the last sunrise before `now` (a cached reading may be from yesterday; the sun
 * keeps nearly the same hours from one day to the next); it is light until that day's sunset.
 * Without both times (polar days, or a reading that does not have them): dark from
 * `DARK_FROM_HOUR` until `LIGHT_FROM_HOUR`, local time.
 */
export function isAfterDark(input: DaylightInput, localHour: number): boolean {
  const now = Date.parse(input.now);
  const sunrise = input.sunrise === null ? Number.NaN : Date.parse(input.sunrise);
  const sunset = input.sunset === null ? Number.NaN : Date.parse(input.sunset);
  if (Number.isNaN(sunrise) || Number.isNaN(sunset) || sunset <= sunrise) {
    return localHour >= DARK_FROM_HOUR || localHour < LIGHT_FROM_HOUR;
  }
  const shift = Math.floor((now - sunrise) / MS_PER_DAY) * MS_PER_DAY;
  return now >= sunset + shift;
}

/** The local hour, whether it is dark, and whether it is evening (dark, or from 18:00). */
export function daylightAt(input: DaylightInput): Daylight {
  const localHour = localMoment(input.now, input.timeZone).hour;
  const afterDark = isAfterDark(input, localHour);
  return { localHour, afterDark, evening: afterDark || localHour >= EVENING_FROM_HOUR };
}

/**
 * The dashboard's greeting by the family's local hour: 'Good morning' 05:00-11:59,
 * 'Good afternoon' 12:00-17:59, 'Good evening' 18:00-20:59, 'Good night' 21:00-04:59.
 */
export function greetingForHour(localHour: number): string {
  if (localHour >= NIGHT_FROM_HOUR || localHour < MORNING_FROM_HOUR) return 'Good night';
  if (localHour < AFTERNOON_FROM_HOUR) return 'Good morning';
  if (localHour < EVENING_FROM_HOUR) return 'Good afternoon';
  return 'Good evening';
}
