import { localDay } from '../achievements/calendar.ts';

/**
 * Whether a planned activity counts as done (issue 29: a plan item kept saying "Mark as done"
 * after it was). The activity's latest completion counts for the item when it was on the item's
 * day (in the family's time zone), or any time since the plan was made: an activity appears once
 * in a plan, so played ahead of its day (the weekend's plan, played on Friday) or after it, it
 * is this plan's.
 */
export function isPlanItemDone(
  completedAt: string | null,
  item: { date: string },
  plannedAt: string,
  timeZone: string,
): boolean {
  if (completedAt === null) return false;
  return (
    localDay(completedAt, timeZone) === item.date ||
    Date.parse(completedAt) >= Date.parse(plannedAt)
  );
}
