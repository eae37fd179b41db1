import { localDay, dayGap } from '@kkb/core/achievements/calendar';
import { whenFirstUsed } from '../../../lib/when-first-used';

/** '1 day', '3 days'. */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** Minutes as time together: '45 min', '2 h', '1 h 5 min'. */
export function formatTimeTogether(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/** Calendar days from the completion to now, in the family's time zone (0: today). */
export function daysSinceDone(completedAt: string, now: Date, timeZone: string): number {
  return dayGap(localDay(completedAt, timeZone), localDay(now.toISOString(), timeZone));
}

/**
 * When an activity was done, as a parent says it, in the family's time zone: 'today at 3:10 PM',
 * 'yesterday at 9:05 AM', 'on Sat, May 16'.
 */
export function formatDoneWhen(completedAt: string, now: Date, timeZone: string): string {
  const at = new Date(completedAt);
  const days = daysSinceDone(completedAt, now, timeZone);
  if (days === 0 || days === 1) {
    const clock = new Intl.DateTimeFormat(undefined, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    });
    return `${days === 0 ? 'today' : 'yesterday'} at ${clock.format(at)}`;
  }
  const date = new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(at.getUTCFullYear() !== now.getUTCFullYear() && { year: 'numeric' }),
    timeZone,
  });
  return `on ${date.format(at)}`;
}

/** 'Noa', 'Noa and Eli', 'Noa, Eli, and Mia' in the reader's language. */
export function formatNames(names: readonly string[]): string {
  return new Intl.ListFormat(undefined, { type: 'conjunction' }).format(names);
}

const weekDay = whenFirstUsed(
  () => new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
);

/** A week of the skill play in full, for a table: '25 Feb – 3 Mar' (the reader's language). */
export function formatWeek(week: { from: string; to: string }): string {
  return weekDay().formatRange(
    new Date(`${week.from}T00:00:00Z`),
    new Date(`${week.to}T00:00:00Z`),
  );
}
