/**
 * Scored recommendations (spec §9; DESIGN `GET /recommendations`).
 *
 * Target age A: the average age of the children, or the age of the one child the parent picked.
 * Eligible: only activities whose age range [min, max] includes A (min <= A <= max), and that can
 * be played in the weather: §9 maps rain to indoor, so in rain an outdoor-only activity is not
 * eligible (activities marked 'both' move inside) unless it is rain play, one whose weather lists
 * 'rainy' (puddle jumping); storms rule every outdoor-only activity out, for safety.
 *
 * Siblings, beyond the spec: when several children play together, the activities that fit every
 * one of them (each child's age within [min, max]) come first, ranked by score; only when fewer
 * than 6 fit everyone does the average-age rule fill the rest, and each of those says so ("Best
 * for Eli; Noa can help"). Children under one are not counted here: no activity is for them.
 *
 * Under one, beyond the spec: the catalogue starts at 12 months. When every child playing is under
 * one, A is 1 and the answer is a look ahead (`basis.lookAhead`), which the page says honestly. After dark (`daylight.afterDark`: from sunset to sunrise, see weather/daylight.ts)
 * outdoor-only activities are not eligible either, unless the location in use is 'outdoor' (the
 * parent asked for outdoors: chose it, or saved it as the child's or the family's preference).
 * Without children nothing is scored: the first 6 activities come back in their order with
 * score 0.
 *
 * Score = age + time + location + weather + energy + category + favourite + tried + calm, each
 * component within [0, max], the total rounded to one decimal:
 *
 * - age closeness, max 30: 30 × (1 − |A − mid| / half), mid = (min + max) / 2,
 *   half = (max − min) / 2; a one-year range (half = 0) that includes A scores 30. 30 at the
 *   middle of the range, falling linearly to 0 at its ends.
 * - time closeness, max 20: 20 × max(0, 1 − |D − T| / T), D the activity's duration and T the
 *   minutes available. 20 when it fills the time exactly, 10 at half or one and a half times the
 *   time, 0 from twice the time on.
 * - location preference, 15: when the preference is 'both', the activity is 'both', or they are
 *   the same; else 0.
 * - weather, 15: when a condition is known and the activity's weather list holds it or 'any';
 *   else 0.
 * - energy, 10: when an energy is given and the difficulty matches it (low → easy,
 *   medium → medium, high → hard); else 0.
 * - category, 10: when the activity's category (its id or its name, case-insensitively) is among
 *   the favourite categories: the family's `favoriteCategories` plus the children's
 *   `favoriteTypes` (only the picked child's when one is picked); else 0.
 * - favourite +10 when the family marked the activity a favourite; tried +5 when they tried it.
 * - calm, max 10, beyond the spec: in the evening (`daylight.evening`: from 18:00 local time, or
 *   earlier once it is dark) an activity of Low energy scores 10 and one of Medium energy 5, so
 *   calm play comes first before bed; 0 at other times.
 *
 * The age reason names the children the activity's age range covers ("Just right for Ada and
 * Ben"); when it covers none of them on their own (it fits only their average) it gives their
 * whole-year ages ("Just right for ages 4 to 8").
 *
 * The highest 6 scores win; equal scores keep the order of `activities` (catalogue order, then
 * the family's own activities), so the same input always gives the same answer.
 *
 * Preferences: an explicit `location`/`timeAvailable` wins; then the picked child's
 * `indoorOutdoor`; then the family defaults (`defaultLocation`, `defaultTimeAvailable`); then
 * 'both' and 30 minutes (spec §9 default filters). A child's `availableTimeSlots` (morning,
 * afternoon...) say when, not how long, so they do not score.
 *
 * The server passes as `favoriteCategories` the categories of the activities the family marked
 * favourite, so a favourite also lifts its kind of activity.
 */
import { z } from 'zod';
import { ZWeather } from '../weather/schema.ts';
import { categoryName, suitsWeather } from './filter.ts';
import {
  CHILD_ID_MAX_LENGTH,
  RECOMMENDATION_ENERGIES,
  TIME_AVAILABLE_MAX,
  TIME_AVAILABLE_MIN,
} from './recommendation-choices.ts';
import {
  ZActivity,
  ZActivityLocation,
  ZWeatherCondition,
  type TActivity,
  type TActivityLocation,
  type TDifficulty,
  type TEnergyLevel,
  type TWeatherCondition,
} from './schema.ts';

export const RECOMMENDATION_COUNT = 6;

/** Activities start at 12 months: the youngest age the catalogue serves. */
export const YOUNGEST_ACTIVITY_AGE = 1;

/**
 * Whether the activity can be played in this weather at all (see "Eligible" above): outdoor-only
 * activities never in storms, and in rain only when they are rain play.
 */
export function playableInWeather(
  activity: Pick<TActivity, 'location' | 'weather'>,
  weather: TWeatherCondition | null | undefined,
): boolean {
  if (activity.location !== 'outdoor' || weather == null) return true;
  if (weather === 'stormy') return false;
  return weather !== 'rainy' || activity.weather.includes('rainy');
}

/** Whether every child's age lies within the activity's age range (the siblings rule). */
export function fitsEveryChild(
  ageRange: readonly [number, number],
  children: readonly Pick<RecommendationChild, 'age'>[],
): boolean {
  return children.every((c) => ageRange[0] <= c.age && c.age <= ageRange[1]);
}
export const DEFAULT_TIME_AVAILABLE = 30;

export const SCORE_MAX = {
  age: 30,
  time: 20,
  location: 15,
  weather: 15,
  energy: 10,
  category: 10,
  favorite: 10,
  tried: 5,
  calm: 10,
} as const;

export const ZRecommendationEnergy = z.enum(RECOMMENDATION_ENERGIES);
export type TRecommendationEnergy = z.infer<typeof ZRecommendationEnergy>;

/** Spec §9: low energy to easy, medium to medium, high to hard. */
export const DIFFICULTY_FOR_ENERGY: Readonly<Record<TRecommendationEnergy, TDifficulty>> = {
  low: 'easy',
  medium: 'medium',
  high: 'hard',
};

export interface RecommendationChild {
  id: string;
  name: string;
  age: number;
  preferences: {
    indoorOutdoor: TActivityLocation;
    favoriteTypes: readonly string[];
  };
}

export interface RecommendationInput {
  /** Candidates in their display order: the catalogue, then the family's own activities. */
  activities: readonly TActivity[];
  children: readonly RecommendationChild[];
  /** Score for this child alone (their age and preferences) instead of the family average. */
  childId?: string | null;
  timeAvailable?: number;
  location?: TActivityLocation;
  energyLevel?: TRecommendationEnergy;
  weather?: TWeatherCondition | null;
  favoriteActivityIds?: Iterable<string>;
  triedActivityIds?: Iterable<string>;
  favoriteCategories?: readonly string[];
  defaultTimeAvailable?: number;
  defaultLocation?: TActivityLocation;
  /** Whether it is dark and whether it is evening where the family is (weather/daylight.ts). */
  daylight?: { afterDark: boolean; evening: boolean };
}

export const ZRecommendation = z.object({
  activity: ZActivity,
  score: z.number(),
  reasons: z.array(z.string()),
});
export type TRecommendation = z.infer<typeof ZRecommendation>;

/** What the scoring used, so the page can say "for age 5, 30 minutes, rainy". */
export const ZRecommendationBasis = z.object({
  age: z.number().nullable(),
  childId: z.string().nullable(),
  timeAvailable: z.number(),
  location: ZActivityLocation,
  energyLevel: ZRecommendationEnergy.nullable(),
  weather: ZWeatherCondition.nullable(),
  /** It is dark out: outdoor-only activities are left out unless the location is 'outdoor'. */
  afterDark: z.boolean(),
  /** Calm activities scored higher because it is evening. */
  evening: z.boolean(),
  /** Every child playing is under one: these are for 12 months, a look ahead. */
  lookAhead: z.boolean(),
});
export type TRecommendationBasis = z.infer<typeof ZRecommendationBasis>;

export interface RecommendationResult {
  recommendations: TRecommendation[];
  basis: TRecommendationBasis;
}

/** `GET /recommendations` query; each value overrides the profile's default. */
export const ZRecommendationQuery = z.object({
  timeAvailable: z.coerce.number().int().min(TIME_AVAILABLE_MIN).max(TIME_AVAILABLE_MAX).optional(),
  location: ZActivityLocation.optional(),
  energyLevel: z.string().trim().toLowerCase().pipe(ZRecommendationEnergy).optional(),
  weather: ZWeatherCondition.optional(),
  childId: z.string().trim().min(1).max(CHILD_ID_MAX_LENGTH).optional(),
});
export type TRecommendationQuery = z.infer<typeof ZRecommendationQuery>;

export const ZRecommendationsResponse = z.object({
  recommendations: z.array(ZRecommendation),
  weather: ZWeather,
  basis: ZRecommendationBasis,
});
export type TRecommendationsResponse = z.infer<typeof ZRecommendationsResponse>;

/** Spec §9 age closeness, within [0, 30]; 0 for an age outside the range. */
export function ageScore(age: number, [min, max]: readonly [number, number]): number {
  if (age < min || age > max) return 0;
  const half = (max - min) / 2;
  if (half === 0) return SCORE_MAX.age;
  return SCORE_MAX.age * (1 - Math.abs(age - (min + max) / 2) / half);
}

/** Spec §9 time closeness, within [0, 20]. */
export function timeScore(duration: number, timeAvailable: number): number {
  return SCORE_MAX.time * Math.max(0, 1 - Math.abs(duration - timeAvailable) / timeAvailable);
}

/** Spec §9 location preference match: 15 or 0. */
export function locationScore(activity: TActivityLocation, preference: TActivityLocation): number {
  const matches = preference === 'both' || activity === 'both' || activity === preference;
  return matches ? SCORE_MAX.location : 0;
}

/** Spec §9 weather match: 15 or 0. */
export function weatherScore(
  activity: TActivity,
  condition: TWeatherCondition | null | undefined,
): number {
  return condition && suitsWeather(activity.weather, condition) ? SCORE_MAX.weather : 0;
}

/** Spec §9 energy match: 10 or 0. */
export function energyScore(
  difficulty: TDifficulty,
  energy: TRecommendationEnergy | undefined,
): number {
  return energy && DIFFICULTY_FOR_ENERGY[energy] === difficulty ? SCORE_MAX.energy : 0;
}

/** Spec §9 category match: 10 or 0; favourites may name the category by id or by name. */
export function categoryScore(category: string, favorites: ReadonlySet<string>): number {
  const matches =
    favorites.has(category.toLowerCase()) || favorites.has(categoryName(category).toLowerCase());
  return matches ? SCORE_MAX.category : 0;
}

/** Evening calm, beyond the spec: 10 for Low energy, 5 for Medium, 0 for High; 0 by day. */
export function calmScore(energyLevel: TEnergyLevel, evening: boolean): number {
  if (!evening) return 0;
  if (energyLevel === 'Low') return SCORE_MAX.calm;
  return energyLevel === 'Medium' ? SCORE_MAX.calm / 2 : 0;
}

/** Whether outdoor-only activities are left out: after dark, unless outdoors was asked for. */
export function outdoorsRuledOutAfterDark(
  afterDark: boolean,
  locationInUse: TActivityLocation,
): boolean {
  return afterDark && locationInUse !== 'outdoor';
}

const oneDecimal = (n: number): number => Math.round(n * 10) / 10;

/** "Ada", "Ada and Ben", "Ada, Ben and Cy". */
function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/**
 * Who the activity suits, for the age reason: the children whose ages its range covers, by name;
 * when it covers none of them on their own, their whole-year ages ("ages 4 to 8", or "age 5").
 */
export function ageReason(
  children: readonly Pick<RecommendationChild, 'name' | 'age'>[],
  [min, max]: readonly [number, number],
): string {
  const covered = children.filter((c) => min <= c.age && c.age <= max && c.name.trim() !== '');
  if (covered.length > 0) return `Just right for ${listNames(covered.map((c) => c.name.trim()))}`;
  const ages = children.map((c) => Math.floor(c.age));
  const youngest = Math.min(...ages);
  const oldest = Math.max(...ages);
  return youngest === oldest
    ? `Just right for age ${youngest}`
    : `Just right for ages ${youngest} to ${oldest}`;
}

/**
 * Why an activity that does not fit every child is there: "Best for Eli; Noa can help", naming
 * the children its range covers and those it does not.
 */
export function siblingsReason(
  children: readonly Pick<RecommendationChild, 'name' | 'age'>[],
  [min, max]: readonly [number, number],
): string {
  const named = children.filter((c) => c.name.trim() !== '');
  const covered = named.filter((c) => min <= c.age && c.age <= max).map((c) => c.name.trim());
  const helping = named.filter((c) => c.age < min || c.age > max).map((c) => c.name.trim());
  if (covered.length === 0 || helping.length === 0) return ageReason(children, [min, max]);
  const verb = helping.length === 1 ? 'can' : 'can all';
  return `Best for ${listNames(covered)}; ${listNames(helping)} ${verb} help`;
}

interface Context {
  age: number;
  children: readonly RecommendationChild[];
  evening: boolean;
  timeAvailable: number;
  location: TActivityLocation;
  energyLevel: TRecommendationEnergy | undefined;
  weather: TWeatherCondition | null;
  favoriteIds: ReadonlySet<string>;
  triedIds: ReadonlySet<string>;
  favoriteCategories: ReadonlySet<string>;
}

/**
 * Category match of one activity, remembered per category text for the length of one ranking:
 * the catalogue has a handful of categories, so each is lowercased and looked up once, not once
 * per activity.
 */
function categoryScorer(favorites: ReadonlySet<string>): (category: string) => number {
  if (favorites.size === 0) return () => 0;
  const known = new Map<string, number>();
  return (category) => {
    let points = known.get(category);
    if (points === undefined) {
      points = categoryScore(category, favorites);
      known.set(category, points);
    }
    return points;
  };
}

/**
 * What scoring reads of an activity, in one shape for every activity: activities come in several
 * shapes (their optional fields), which makes reading their properties slow in a loop over the
 * catalogue. Kept per activity object (an activity is a value, never changed once made), so the
 * catalogue's are made once.
 */
interface ScoringFacts {
  readonly id: string;
  readonly ageRange: readonly [number, number];
  readonly duration: number;
  readonly location: TActivityLocation;
  readonly weather: TActivity['weather'];
  readonly difficulty: TDifficulty;
  readonly energyLevel: TEnergyLevel;
  readonly category: string;
}

const scoringFacts = new WeakMap<TActivity, ScoringFacts>();

function factsOf(activity: TActivity): ScoringFacts {
  let facts = scoringFacts.get(activity);
  if (!facts) {
    facts = {
      id: activity.id,
      ageRange: activity.ageRange,
      duration: activity.duration,
      location: activity.location,
      weather: activity.weather,
      difficulty: activity.difficulty,
      energyLevel: activity.energyLevel,
      category: activity.category,
    };
    scoringFacts.set(activity, facts);
  }
  return facts;
}

function score(activity: ScoringFacts, c: Context, category: number): number {
  const weatherPoints =
    c.weather && suitsWeather(activity.weather, c.weather) ? SCORE_MAX.weather : 0;
  return oneDecimal(
    ageScore(c.age, activity.ageRange) +
      timeScore(activity.duration, c.timeAvailable) +
      locationScore(activity.location, c.location) +
      weatherPoints +
      energyScore(activity.difficulty, c.energyLevel) +
      category +
      (c.favoriteIds.size > 0 && c.favoriteIds.has(activity.id) ? SCORE_MAX.favorite : 0) +
      (c.triedIds.size > 0 && c.triedIds.has(activity.id) ? SCORE_MAX.tried : 0) +
      calmScore(activity.energyLevel, c.evening),
  );
}

interface Scored {
  activity: TActivity;
  index: number;
  fitsAll: boolean;
  score: number;
}

/** The ordering rule: those that fit everyone first, then by score, then in candidate order. */
const ranksBefore = (a: Scored, b: Scored): boolean =>
  a.fitsAll !== b.fitsAll ? a.fitsAll : a.score !== b.score ? a.score > b.score : a.index < b.index;

/**
 * The best `count` of the candidates offered (in candidate order), best first: the same as
 * sorting them all by `ranksBefore` and keeping the first `count`. A few best ones (the 6
 * recommendations) are kept as they come, without sorting every candidate.
 */
class TopRanked {
  readonly #kept: Scored[] = [];
  readonly #count: number;

  constructor(count: number) {
    this.#count = count;
  }

  offer(activity: TActivity, index: number, fitsAll: boolean, score: number): void {
    const kept = this.#kept;
    const last = kept[kept.length - 1];
    // Offered in candidate order: one that does not beat the last kept comes after it.
    if (kept.length >= this.#count && last) {
      const beatsLast = fitsAll !== last.fitsAll ? fitsAll : score > last.score;
      if (!beatsLast) return;
    }
    const candidate: Scored = { activity, index, fitsAll, score };
    if (!Number.isFinite(this.#count)) {
      kept.push(candidate);
      return;
    }
    // A later candidate goes after the equal ones already kept (they come first in order).
    let at = kept.length;
    while (at > 0 && ranksBefore(candidate, kept[at - 1]!)) at -= 1;
    kept.splice(at, 0, candidate);
    if (kept.length > this.#count) kept.pop();
  }

  best(): Scored[] {
    if (Number.isFinite(this.#count)) return this.#kept;
    // Array.prototype.sort is stable and every candidate has its own index: a total order.
    return this.#kept.sort((a, b) => (ranksBefore(a, b) ? -1 : 1));
  }
}

/**
 * Why the activity scored as it did, one reason per component that counts. Built only for the
 * activities returned (scoring every candidate's sentences was most of a request's work).
 */
function reasonsFor(activity: TActivity, c: Context): string[] {
  const reasons: string[] = [];
  if (ageScore(c.age, activity.ageRange) >= SCORE_MAX.age / 2) {
    reasons.push(ageReason(c.children, activity.ageRange));
  }
  if (activity.duration <= c.timeAvailable) reasons.push(`Fits your ${c.timeAvailable} minutes`);
  if (locationScore(activity.location, c.location) > 0 && c.location !== 'both') {
    reasons.push(
      activity.location === 'both'
        ? 'Works indoors or outdoors'
        : `Great ${c.location === 'indoor' ? 'indoors' : 'outdoors'}`,
    );
  }
  if (weatherScore(activity, c.weather) > 0 && c.weather) {
    reasons.push(
      activity.weather.includes(c.weather) ? `Good for ${c.weather} days` : 'Good in any weather',
    );
  }
  if (energyScore(activity.difficulty, c.energyLevel) > 0) {
    reasons.push(`Suits ${c.energyLevel ?? ''} energy`);
  }
  if (categoryScore(activity.category, c.favoriteCategories) > 0) {
    reasons.push(`You like ${categoryName(activity.category)}`);
  }
  if (c.favoriteIds.has(activity.id)) reasons.push('One of your favourites');
  if (c.triedIds.has(activity.id)) reasons.push("You've tried this before");
  if (calmScore(activity.energyLevel, c.evening) === SCORE_MAX.calm) {
    reasons.push('Calm for the evening');
  }
  return reasons;
}

/** An eligible activity with its score, its reasons, and whether it fits every child playing. */
export interface RankedActivity extends TRecommendation {
  fitsAll: boolean;
}

export interface RankingResult {
  /** Every eligible activity, best first (see the ordering rule at the top of this file). */
  ranked: RankedActivity[];
  basis: TRecommendationBasis;
}

/**
 * Every eligible activity ranked by the rules at the top of this file: those that fit every child
 * first, then by score, ties in the order of `activities`. Without children nothing is scored:
 * every activity comes back in its order with score 0. The planner reads the whole ranking;
 * recommendations keep its first 6.
 */
export function rankActivities(input: RecommendationInput): RankingResult {
  return rankBest(input, Number.POSITIVE_INFINITY);
}

/** The first `count` of `rankActivities`: only those get their reasons written. */
function rankBest(input: RecommendationInput, count: number): RankingResult {
  const picked = input.childId ? input.children.find((c) => c.id === input.childId) : undefined;
  const considered = picked ? [picked] : input.children;
  const timeAvailable = input.timeAvailable ?? input.defaultTimeAvailable ?? DEFAULT_TIME_AVAILABLE;
  const location =
    input.location ?? picked?.preferences.indoorOutdoor ?? input.defaultLocation ?? 'both';
  const weather = input.weather ?? null;
  const afterDark = input.daylight?.afterDark ?? false;
  const evening = input.daylight?.evening ?? false;
  const noOutdoorsAfterDark = outdoorsRuledOutAfterDark(afterDark, location);
  const playing = considered.filter((c) => c.age >= YOUNGEST_ACTIVITY_AGE);
  const lookAhead = considered.length > 0 && playing.length === 0;
  const basisWithoutAge = {
    lookAhead,
    childId: picked?.id ?? null,
    timeAvailable,
    location,
    energyLevel: input.energyLevel ?? null,
    weather,
    afterDark,
    evening,
  };
  if (considered.length === 0) {
    return {
      ranked: input.activities.slice(0, count).map((activity) => ({
        activity,
        score: 0,
        reasons: [],
        fitsAll: true,
      })),
      basis: { age: null, ...basisWithoutAge },
    };
  }
  const age = lookAhead
    ? YOUNGEST_ACTIVITY_AGE
    : considered.reduce((sum, c) => sum + c.age, 0) / considered.length;
  // The siblings rule applies when two or more children (of one and over) play together.
  const together = playing.length >= 2 ? playing : [];
  const favoriteCategories = new Set(
    [
      ...(input.favoriteCategories ?? []),
      ...considered.flatMap((c) => c.preferences.favoriteTypes),
    ].map((name) => name.trim().toLowerCase()),
  );
  const context: Context = {
    age,
    children: considered,
    evening,
    timeAvailable,
    location,
    energyLevel: input.energyLevel,
    weather,
    favoriteIds: new Set(input.favoriteActivityIds ?? []),
    triedIds: new Set(input.triedActivityIds ?? []),
    favoriteCategories,
  };
  const categoryPoints = categoryScorer(favoriteCategories);
  const top = new TopRanked(count);
  const { activities } = input;
  for (let index = 0; index < activities.length; index += 1) {
    const activity = activities[index]!;
    const facts = factsOf(activity);
    const [min, max] = facts.ageRange;
    const eligible =
      min <= age &&
      age <= max &&
      playableInWeather(facts, weather) &&
      !(noOutdoorsAfterDark && facts.location === 'outdoor');
    if (!eligible) continue;
    top.offer(
      activity,
      index,
      together.length === 0 || fitsEveryChild(facts.ageRange, together),
      score(facts, context, categoryPoints(facts.category)),
    );
  }
  return {
    ranked: top.best().map(({ activity, score: total, fitsAll }) => {
      const reasons = reasonsFor(activity, context);
      return {
        activity,
        score: total,
        // One that does not fit every child says who it is for instead of the plain age reason.
        reasons: fitsAll
          ? reasons
          : [
              siblingsReason(together, activity.ageRange),
              ...reasons.filter((r) => !r.startsWith('Just right for')),
            ],
        fitsAll,
      };
    }),
    basis: { age: oneDecimal(age), ...basisWithoutAge },
  };
}

/** The top 6 recommendations and what they were based on (formulas at the top of this file). */
export function recommendActivities(input: RecommendationInput): RecommendationResult {
  const { ranked, basis } = rankBest(input, RECOMMENDATION_COUNT);
  return {
    recommendations: ranked.map(({ activity, score: total, reasons }) => ({
      activity,
      score: total,
      reasons,
    })),
    basis,
  };
}
