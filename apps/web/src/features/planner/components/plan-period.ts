import { addDays, weekdayOfDay } from '@kkb/core/time/wall-clock';

/** The days a parent can pick: today, the weekend, the next 7 days. */
export const PLAN_PERIODS = [
  { value: 'today', label: 'Today' },
  { value: 'weekend', label: 'The weekend' },
  { value: 'week', label: 'Next 7 days' },
] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number]['value'];

/**
 * The first day and number of days of a period, from the family's today. The weekend is the
 * coming Saturday and Sunday (today and tomorrow on a Saturday); on a Sunday, whose plans are
 * for "Today", it is the next one.
 */
export function periodDates(
  period: PlanPeriod,
  today: string,
): { startDate: string; days: number } {
  if (period === 'today') return { startDate: today, days: 1 };
  if (period === 'week') return { startDate: today, days: 7 };
  // weekdayOfDay: 0 Sunday … 6 Saturday, so a Sunday is 6 days before the next Saturday.
  return { startDate: addDays(today, 6 - weekdayOfDay(today)), days: 2 };
}
