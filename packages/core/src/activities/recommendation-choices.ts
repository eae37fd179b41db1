/**
 * The choices a parent makes for `GET /recommendations` (time, place, energy, child, Right now),
 * and how a typed value of each is read. Without zod: the dashboard reads them from its address on
 * the web app's first route, which carries no schema code. `ZRecommendationQuery` (recommend.ts) is built
 * from the same lists and limits, and a test holds the two readings equal.
 */

export const ACTIVITY_LOCATIONS = ['indoor', 'outdoor', 'both'] as const;
export const RECOMMENDATION_ENERGIES = ['low', 'medium', 'high'] as const;

/** A letter of either case, for patterns a JSON Schema (no `i` flag) can state. */
const eitherCase = (word: string) =>
  [...word].map((letter) => `[${letter.toUpperCase()}${letter.toLowerCase()}]`).join('');

/**
 * The one rule for an energy in a query (`GET /activities` and `GET /recommendations` alike): low,
 * medium or high in any letter case ("Low" as the catalogue writes it, "low" as the dashboard
 * sends it, "HIGH"), surrounding spaces ignored. Written as a pattern so that the OpenAPI document
 * states exactly what is accepted.
 */
export const ENERGY_QUERY_PATTERN = new RegExp(
  `^\\s*(?:${RECOMMENDATION_ENERGIES.map(eitherCase).join('|')})\\s*$`,
);
export const ENERGY_QUERY_MESSAGE = 'must be low, medium or high';

/** An energy typed in a query, as the API reads it (see ENERGY_QUERY_PATTERN); else undefined. */
export function readEnergy(raw: string): (typeof RECOMMENDATION_ENERGIES)[number] | undefined {
  return ENERGY_QUERY_PATTERN.test(raw)
    ? (raw.trim().toLowerCase() as (typeof RECOMMENDATION_ENERGIES)[number])
    : undefined;
}

export const TIME_AVAILABLE_MIN = 1;
/** Eight hours: a whole day out. */
export const TIME_AVAILABLE_MAX = 480;
export const CHILD_ID_MAX_LENGTH = 80;

export interface RecommendationChoices {
  timeAvailable: number;
  location: (typeof ACTIVITY_LOCATIONS)[number];
  energyLevel: (typeof RECOMMENDATION_ENERGIES)[number];
  childId: string;
  /** Only activities with no adult prep and no mess. */
  rightNow: boolean;
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
      return readEnergy(raw) as RecommendationChoices[K] | undefined;
    case 'rightNow': {
      // As ZQueryFlag reads it: 'true' or '1' is yes, 'false' or '0' no.
      const flag =
        raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : undefined;
      return flag as RecommendationChoices[K] | undefined;
    }
    default: {
      // The length limit holds for the id as typed, spaces included; then it is trimmed.
      const childId = raw.trim();
      const valid = childId.length >= 1 && raw.length <= CHILD_ID_MAX_LENGTH;
      return (valid ? childId : undefined) as RecommendationChoices[K] | undefined;
    }
  }
}
