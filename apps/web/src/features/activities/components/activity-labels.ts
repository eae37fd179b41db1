import { categoryName } from '@kkb/core/activities/filter';
import type {
  TActivity,
  TActivityLocation,
  TActivityWeather,
  TDifficulty,
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
