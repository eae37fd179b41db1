import { UNKNOWN_FORECAST_DESCRIPTION } from '@kkb/core/planner/forecast';
import type { TDayForecast, TPlan, TPlanItem } from '@kkb/core/planner/schema';
import { isLiveWeather } from '@kkb/core/weather/weather';
import { whenFirstUsed } from '../../../lib/when-first-used';

const dayFormat = whenFirstUsed(
  () =>
    new Intl.DateTimeFormat(undefined, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }),
);

const shortDayFormat = whenFirstUsed(
  () =>
    new Intl.DateTimeFormat(undefined, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }),
);

// A plan's dates are calendar days, not instants: read at midnight UTC, shown in UTC.
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** 'Saturday, May 16' in the reader's language. */
export function formatPlanDay(date: string): string {
  return dayFormat().format(asDate(date));
}

/** 'Sat, May 16 – Sun, May 17'; one day alone for a one-day plan. */
export function formatPlanSpan(days: readonly { date: string }[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return '';
  const from = shortDayFormat().format(asDate(first.date));
  return days.length === 1 ? from : `${from} – ${shortDayFormat().format(asDate(last.date))}`;
}

const degrees = (value: number, units: TDayForecast['units']) =>
  `${Math.round(value)}°${units === 'metric' ? 'C' : 'F'}`;

/**
 * 'Moderate rain · 11–17°C · 90% chance of rain'; a day without a live forecast (live weather off
 * or failed, or too far ahead; plans saved before kept §8's values there): 'Forecast unknown'.
 */
export function formatForecast(forecast: TDayForecast): string {
  const { temperatureMin: min, temperatureMax: max, units } = forecast;
  if (!isLiveWeather(forecast) || min === null || max === null) return UNKNOWN_FORECAST_DESCRIPTION;
  const range =
    Math.round(min) === Math.round(max)
      ? degrees(max, units)
      : `${Math.round(min)}–${degrees(max, units)}`;
  const parts = [forecast.description, range];
  if (forecast.precipitationProbability !== null && forecast.precipitationProbability > 0) {
    parts.push(`${Math.round(forecast.precipitationProbability)}% chance of rain`);
  }
  return parts.join(' · ');
}

/** 'Sunrise 05:50 · sunset 19:50' in the family's time zone; null without them. */
export function formatDaylight(forecast: TDayForecast, timeZone: string): string | null {
  if (forecast.sunrise === null || forecast.sunset === null) return null;
  const clock = new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  return `Sunrise ${clock.format(new Date(forecast.sunrise))} · sunset ${clock.format(new Date(forecast.sunset))}`;
}

/** 'Noa and Eli', from the plan's child ids and the family's names. */
export function childrenLabel(
  childIds: readonly string[],
  names: ReadonlyMap<string, string>,
): string {
  const known = childIds.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [name];
  });
  if (known.length <= 1) return known.join('');
  return `${known.slice(0, -1).join(', ')} and ${known.at(-1) ?? ''}`;
}

/** Who planned it, for the label on the page. */
export function plannedByLabel(plan: Pick<TPlan, 'plannedBy' | 'model'>): string {
  return plan.plannedBy === 'model' && plan.model
    ? `Planned with ${plan.model}`
    : 'Planned by the rules';
}

function itemLine(item: TPlanItem, names: ReadonlyMap<string, string>): string {
  const who = childrenLabel(item.childIds, names);
  return `${item.start} ${item.activity.title} (${item.minutes} min)${who ? ` · ${who}` : ''}`;
}

/** The plan as plain text, for sharing: the title, each day with its weather and activities. */
export function planAsText(
  title: string,
  plan: Pick<TPlan, 'days'>,
  names: ReadonlyMap<string, string>,
): string {
  const days = plan.days.map((day) => {
    const lines = [`${formatPlanDay(day.date)} · ${formatForecast(day.forecast)}`];
    if (day.items.length === 0) lines.push('Nothing planned');
    for (const item of day.items) lines.push(itemLine(item, names), `  ${item.why}`);
    return lines.join('\n');
  });
  return [title, ...days].join('\n\n');
}
