/**
 * The ages the activities serve (issue 29: setup accepts 0 to 17; the catalogue started at one,
 * and reaches babies since issue 35). Always derived from the activities themselves, never written
 * down, so when the catalogue reaches babies or teenagers every rule and message follows.
 */
import type { TActivity } from './schema.ts';

/**
 * The youngest and the oldest age any activity is for, whole years. (Its zod schema is
 * recommend.ts's `ZAgeCoverage`: this module stays free of zod, for the dashboard's first load.)
 */
export interface TAgeCoverage {
  youngest: number;
  oldest: number;
}

/** `{youngest, oldest}` over every activity's age range; null without activities. */
export function ageCoverage(
  activities: readonly Pick<TActivity, 'ageRange'>[],
): TAgeCoverage | null {
  if (activities.length === 0) return null;
  let youngest = Number.POSITIVE_INFINITY;
  let oldest = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < activities.length; i += 1) {
    const range = activities[i]!.ageRange;
    if (range[0] < youngest) youngest = range[0];
    if (range[1] > oldest) oldest = range[1];
  }
  return { youngest, oldest };
}

/**
 * Where a child's age stands against the activities: served, younger than the youngest they are
 * for (a look ahead), or older than the oldest (a helper who joins a younger child's play).
 */
export function ageStanding(
  age: number,
  coverage: TAgeCoverage | null,
): 'served' | 'younger' | 'older' {
  if (coverage === null) return 'served';
  if (age < coverage.youngest) return 'younger';
  return age > coverage.oldest ? 'older' : 'served';
}

/** "Activities are for ages 1 to 12", the plain words for the coverage. */
export function coverageText(coverage: TAgeCoverage): string {
  return coverage.youngest === coverage.oldest
    ? `Activities are for age ${coverage.youngest}`
    : `Activities are for ages ${coverage.youngest} to ${coverage.oldest}`;
}

/**
 * What a parent entering a child of `age` should know, or null when the activities serve it:
 * younger ones get a look ahead, older ones join a younger child's play as helpers.
 */
export function ageOutsideText(age: number, coverage: TAgeCoverage | null): string | null {
  const standing = ageStanding(age, coverage);
  if (standing === 'served' || coverage === null) return null;
  if (standing === 'younger') {
    const start = coverage.youngest === 1 ? '12 months' : `age ${coverage.youngest}`;
    return `Activities start at ${start}; until then you will see a look ahead.`;
  }
  return `${coverageText(coverage)}, so at ${age} they join in as a helper when a younger child plays.`;
}
