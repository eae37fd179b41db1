/**
 * The choices a parent makes for `GET /recommendations` (time, place, energy, child), and how a
 * typed value of each is read. Without zod: the dashboard reads them from its address on the web
 * app's first route, which carries no schema code. `ZRecommendationQuery` (recommend.ts) is built
 * from the same lists and limits, and a test holds the two readings equal.
 */

export const ACTIVITY_LOCATIONS = ['indoor', 'outdoor', 'both'] as const;
export const RECOMMENDATION_ENERGIES = ['low', 'medium', 'high'] as const;
export const TIME_AVAILABLE_MIN = 1;
/** Eight hours: a whole day out. */
export const TIME_AVAILABLE_MAX = 480;
export const CHILD_ID_MAX_LENGTH = 80;

export interface RecommendationChoices {
  timeAvailable: number;
  location: (typeof ACTIVITY_LOCATIONS)[number];
  energyLevel: (typeof RECOMMENDATION_ENERGIES)[number];
  childId: string;
}

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** A typed choice as the API reads it; undefined where the API would refuse it. */
export function readRecommendationChoice<K extends keyof RecommendationChoices>(
  key: K,
  raw: string,
): RecommendationChoices[K] | undefined {
  switch (key) {
    case 'timeAvailable': {
      const minutes = Number(raw);
      const valid =
        Number.isInteger(minutes) && minutes >= TIME_AVAILABLE_MIN && minutes <= TIME_AVAILABLE_MAX;
      return (valid ? minutes : undefined) as RecommendationChoices[K] | undefined;
    }
    case 'location':
      return oneOf(ACTIVITY_LOCATIONS, raw) as RecommendationChoices[K] | undefined;
    case 'energyLevel':
      return oneOf(RECOMMENDATION_ENERGIES, raw.trim().toLowerCase()) as
        RecommendationChoices[K] | undefined;
    default: {
      const childId = raw.trim();
      const valid = childId.length >= 1 && childId.length <= CHILD_ID_MAX_LENGTH;
      return (valid ? childId : undefined) as RecommendationChoices[K] | undefined;
    }
  }
}
