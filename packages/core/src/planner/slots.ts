import type { TChildPreferences } from '../family/schema.ts';
import { isWeekend } from '../time/wall-clock.ts';
import {
  MIN_SLOT_MINUTES,
  clockMinutes,
  clockTime,
  type TDaySlot,
  type TPlanSlot,
} from './schema.ts';

/**
 * When each part of the day a child is free (`preferences.availableTimeSlots`) starts: a
 * late-morning window, after school, and before dinner.
 */
export const PART_OF_DAY_START = {
  morning: '10:00',
  afternoon: '15:00',
  evening: '18:00',
} as const;

type Part = keyof typeof PART_OF_DAY_START;
const PARTS: readonly Part[] = ['morning', 'afternoon', 'evening'];

/**
 * The windows the form starts with, from the time slots of the children playing and the
 * family's default time (`preferences.defaultFilters.timeAvailable`) as each window's length:
 * - morning, afternoon, evening: that part of every day;
 * - weekend: the morning and the afternoon of Saturdays and Sundays (those not already every day);
 * - none given: the afternoon of every day and the morning of weekends (school days otherwise).
 */
export function defaultSlots(
  children: readonly { preferences: Pick<TChildPreferences, 'availableTimeSlots'> }[],
  minutes: number,
): TPlanSlot[] {
  const named = new Set(children.flatMap((c) => c.preferences.availableTimeSlots));
  const slot = (part: Part, on: TPlanSlot['on']): TPlanSlot => ({
    start: PART_OF_DAY_START[part],
    minutes,
    on,
  });
  if (named.size === 0) return [slot('morning', 'weekends'), slot('afternoon', 'every-day')];
  const slots: TPlanSlot[] = [];
  for (const part of PARTS) {
    if (named.has(part)) slots.push(slot(part, 'every-day'));
    else if (named.has('weekend') && part !== 'evening') slots.push(slot(part, 'weekends'));
  }
  return slots;
}

function appliesOn(slot: TPlanSlot, day: string): boolean {
  if (slot.on === 'every-day') return true;
  return (slot.on === 'weekends') === isWeekend(day);
}

/** Rounds a minute of the day up to the next multiple of 5 (plans start on tidy times). */
const upToFive = (minute: number): number => Math.ceil(minute / 5) * 5;

/**
 * The windows of one day: those whose `on` rule includes the day, in time order, overlapping
 * ones joined into one. On today (`now` names the local day and minute) what has passed is cut
 * off: a window begins no earlier than now, rounded up to 5 minutes, and one with less than
 * `MIN_SLOT_MINUTES` left is dropped.
 */
export function slotsForDay(
  slots: readonly TPlanSlot[],
  day: string,
  now?: { day: string; minute: number },
): TDaySlot[] {
  const intervals = slots
    .filter((slot) => appliesOn(slot, day))
    .map((slot) => ({
      from: clockMinutes(slot.start),
      to: clockMinutes(slot.start) + slot.minutes,
    }))
    .sort((a, b) => a.from - b.from || a.to - b.to);
  const joined: { from: number; to: number }[] = [];
  for (const interval of intervals) {
    const last = joined.at(-1);
    if (last && interval.from <= last.to) last.to = Math.max(last.to, interval.to);
    else joined.push({ ...interval });
  }
  const earliest = now && now.day === day ? upToFive(now.minute) : 0;
  return joined
    .map(({ from, to }) => ({ from: Math.max(from, earliest), to }))
    .filter(({ from, to }) => to - from >= MIN_SLOT_MINUTES)
    .map(({ from, to }) => ({ start: clockTime(from), minutes: to - from }));
}
