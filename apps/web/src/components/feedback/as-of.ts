import { whenFirstUsed } from '../../lib/when-first-used';

const timeOfDay = whenFirstUsed(
  () => new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }),
);
const dayAndTime = whenFirstUsed(
  () =>
    new Intl.DateTimeFormat(undefined, {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const dayOfYearAndTime = whenFirstUsed(
  () =>
    new Intl.DateTimeFormat(undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

/**
 * When saved data was fetched, as "as of …" says it, in the reader's own time format and this
 * device's calendar: "10:42 AM" (or "10:42") today, "Mar 1, 10:42 AM" on another day, with the
 * year when it is not this one.
 */
export function formatAsOf(fetchedAt: number, now: Date): string {
  const at = new Date(fetchedAt);
  if (sameDay(at, now)) return timeOfDay().format(at);
  return (at.getFullYear() === now.getFullYear() ? dayAndTime : dayOfYearAndTime)().format(at);
}
