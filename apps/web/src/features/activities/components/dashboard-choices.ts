import type { TRecommendationEnergy } from '@kkb/core/activities/recommend';
import { readRecommendationChoice } from '@kkb/core/activities/recommendation-choices';
import type { TActivityLocation } from '@kkb/core/activities/schema';
import type { Choice } from './choice-group';

/** The child picker's value for the whole family (scored by their average age). */
export const EVERYONE = 'everyone';

export const LOCATION_CHOICES: readonly Choice<TActivityLocation>[] = [
  { value: 'indoor', label: 'Indoor' },
  { value: 'outdoor', label: 'Outdoor' },
  { value: 'both', label: 'Both' },
];

export const ENERGY_CHOICES: readonly Choice<TRecommendationEnergy>[] = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

/**
 * What the parent changed on the dashboard's controls, kept in the URL (same keys as
 * `GET /recommendations`) so a reload or a shared link keeps it. Absent: the family's saved
 * defaults (and the weather) decide.
 */
export interface DashboardChoices {
  timeAvailable: number | null;
  location: TActivityLocation | null;
  energyLevel: TRecommendationEnergy | null;
  childId: string | null;
  /** "Right now": only activities with no adult prep and no mess. */
  rightNow: boolean;
}

export type DashboardChoiceKey = keyof DashboardChoices;

const KEYS: readonly DashboardChoiceKey[] = [
  'timeAvailable',
  'location',
  'energyLevel',
  'childId',
  'rightNow',
];

/** The choices of a dashboard URL; a value the API would refuse reads as "not chosen". */
export function choicesFrom(searchParams: URLSearchParams): DashboardChoices {
  const choices: DashboardChoices = {
    timeAvailable: null,
    location: null,
    energyLevel: null,
    childId: null,
    rightNow: false,
  };
  for (const key of KEYS) {
    const raw = searchParams.get(key);
    if (raw === null) continue;
    const value = readRecommendationChoice(key, raw);
    if (value !== undefined) Object.assign(choices, { [key]: value });
  }
  return choices;
}

/** A copy of `searchParams` with `key` set, or removed when `value` is null. */
export function withChoice(
  searchParams: URLSearchParams,
  key: DashboardChoiceKey,
  value: string | number | null,
): URLSearchParams {
  const next = new URLSearchParams(searchParams);
  if (value === null) next.delete(key);
  else next.set(key, String(value));
  return next;
}
