import { addDays, weekdayOfDay } from '@kkb/core/planner/clock';

/** The days a parent can pick: today, the weekend, the next 7 days. */
export const PLAN_PERIODS = [
  { value: 'today', label: 'Today' },
  { value: 'weekend', label: 'The weekend' },
  { value: 'week', label: 'Next 7 days' },
] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number]['value'];

/**
 * The first day and number of days of a period, from the family's today: the weekend is the
 * coming Saturday and Sunday, what is left of it on a Saturday (both days) or a Sunday (today).
 */
export function periodDates(
  period: PlanPeriod,
  today: string,
): { startDate: string; days: number } {
  if (period === 'today') return { startDate: today, days: 1 };
  if (period === 'week') return { startDate: today, days: 7 };
  const weekday = weekdayOfDay(today);
  if (weekday === 0) return { startDate: today, days: 1 };
  return { startDate: addDays(today, 6 - weekday), days: 2 };
}
