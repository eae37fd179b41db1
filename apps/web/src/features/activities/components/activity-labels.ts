import { categoryName } from '@kkb/core/activities/categories';
import type {
  TActivity,
  TActivityLocation,
  TActivityWeather,
  TDifficulty,
  TSeason,
} from '@kkb/core/activities/schema';

export { categoryName };

export const LOCATION_LABELS: Readonly<Record<TActivityLocation, string>> = {
  indoor: 'Indoor',
  outdoor: 'Outdoor',
  both: 'Indoor or outdoor',
};

export const DIFFICULTY_LABELS: Readonly<Record<TDifficulty, string>> = {
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
};

export const WEATHER_LABELS: Readonly<Record<TActivityWeather, string>> = {
  any: 'Any weather',
  sunny: 'Sunny',
  cloudy: 'Cloudy',
  rainy: 'Rainy',
  snowy: 'Snowy',
  windy: 'Windy',
  stormy: 'Stormy',
};

/** '3–8 years' (one year: '5 years'). */
export function formatAgeRange([min, max]: TActivity['ageRange']): string {
  return min === max ? `${min} years` : `${min}–${max} years`;
}

export function formatDuration(minutes: number): string {
  return `${minutes} min`;
}

export const SEASON_LABELS: Readonly<Record<TSeason, string>> = {
  spring: 'Spring',
  summer: 'Summer',
  autumn: 'Autumn',
  winter: 'Winter',
};

/** '45 min', '3 hours', '2 days': a span of waiting, rounded the way a parent says it. */
export function formatSpan(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.round(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * Preparation longer than this is worth starting ahead ("Start 30 min ahead"); every activity now
 * says its preparation (issue 35), most of it a few minutes of gathering, which is not waiting.
 */
const START_AHEAD_AFTER_MINUTES = 15;

/**
 * The waiting the duration does not show: preparation long enough to start ahead ("12 hours
 * ahead") and play that goes on over days; null when there is none.
 */
export function formatWaiting({
  prepMinutes,
  spansDays,
}: Partial<Pick<TActivity, 'prepMinutes' | 'spansDays'>>): string | null {
  const parts = [];
  if (prepMinutes !== undefined && prepMinutes > START_AHEAD_AFTER_MINUTES) {
    parts.push(`Start ${formatSpan(prepMinutes)} ahead`);
  }
  if (spansDays) parts.push(`goes on over ${spansDays} days`);
  if (parts.length === 0) return null;
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
