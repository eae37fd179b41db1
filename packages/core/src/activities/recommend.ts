/**
 * Scored recommendations (spec §9; DESIGN `GET /recommendations`).
 *
 * Who plays: the children (or the one child the parent picked), each standing against the ages the
 * activities serve (`age-coverage.ts`, derived from the activities, never written down):
 * - served: they play, and the ranking is for them;
 * - older than the oldest activity is for: a helper. They join a younger child's play, and the age
 *   reason says so ("Just right for Ada; Sam (17) can help"); their age never enters the average
 *   (a 1- and a 17-year-old are not ranked as a 9-year-old);
 * - younger than the youngest: a look ahead. When no child is served but one is younger, the
 *   activities for the youngest age come back as a look ahead (`basis.lookAhead`), which the page
 *   says honestly.
 * When no child is served and none is younger (a teenager alone), nothing is ranked: the page says
 * what the activities cover (`basis.ageCoverage`, `basis.helperIds`) instead of blaming the filters.
 *
 * Target age A: the average age of the children who play. Eligible: only activities whose age
 * range [min, max] includes A, and that can be played in the weather: §9 maps rain to indoor, so in
 * rain an outdoor-only activity is not eligible (activities marked 'both' move inside) unless it is
 * rain play, one whose weather lists 'rainy' (puddle jumping); storms rule every outdoor-only
 * activity out, for safety. After dark (`daylight.afterDark`: from sunset to sunrise, see
 * weather/daylight.ts) outdoor-only activities are not eligible either, unless the location in use
 * is 'outdoor' (the parent asked for outdoors: chose it, or saved it as the child's or the
 * family's preference). With "Right now" (`rightNow`) only activities that need no adult prep
 * and leave no mess are eligible (`readyRightNow`). Without children nothing is scored: the first
 * 6 activities (those ready right now, when asked) come back in their order with score 0.
 *
 * Weather: the condition the parent chose (`weather`) or else the reading at home
 * (`weatherReading`) when it is live. Fallback and fixed readings (§8's Tel Aviv values) are
 * unknown weather (weather.ts `steeringCondition`): every activity gets the same weather points
 * (none), no reason speaks of weather, and only the activities that cannot happen without rain,
 * snow or wind (`needsWetOrWindySky`) are left out, since nothing says that sky has come.
 *
 * Score = age + time + location + weather + energy + category + favourite + tried + calm +
 * interest + balance, each component within [0, max], the total rounded to one decimal:
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
 * - interest, 10, beyond the spec: when one of the children's interests points at the activity
 *   (interests.ts); the reason names the child and the interest ("Mia loves drawing").
 * - balance, 10, beyond the spec (issue 35): when the activity exercises a skill (practical-fields.ts
 *   `SKILLS`) that a child who plays has played little lately. The child's completions of the last
 *   `BALANCE_DAYS` (those that name them, of activities whose skills are known) are their play;
 *   once there are `BALANCE_MIN_PLAYS` of them, a skill they exercised less than half as often as
 *   the six skills on average is played little (`littlePlayedSkills`). The reason names the children and the skill in a
 *   parent's words ("Maya hasn't done much language play this week"). Bounded like every other
 *   component: it never lifts an activity over one whose other points are more than 10 higher.
 *
 * The order, in tiers, each before the next whatever the scores:
 * 1. activities that fit every child who plays (each one's age within [min, max]); with one child
 *    playing, every eligible activity;
 * 2. the others (they fit the children's average age only), each saying who it is best for and
 *    who can help ("Best for Eli; Noa can help");
 * 3. activities the family completed in the last `RECENTLY_DONE_HOURS` (issue 29: the one just
 *    done came back on top): they come back only when too few others are eligible.
 * Within a tier by score; equal scores keep the order of `activities` (catalogue order, then the
 * family's own activities), so the same input always gives the same answer.
 *
 * The 6 recommendations are that ranking with variety (issue 29: after four physical activities,
 * 21 of 24 suggestions were physical): each place takes the best of the best tier still holding
 * candidates, among those of the categories used least so far. So a category repeats only when
 * every category the filters leave in that tier is already there as often; with six or more
 * categories to choose from, none repeats.
 *
 * Reasons: one per component that counts, then each card's reasons are ordered by how many of the
 * 6 cards share them, fewest first (stable otherwise): the reason that sets a card apart leads, the
 * one every card shares ("Fits your 30 minutes") comes last. The age reason names the children the
 * activity's range covers ("Just right for Ada and Ben"); one that fits only their average says so
 * without claiming a fit ("For ages 5 to 7, in between Eli and Noa"). A recently done activity
 * says "You played this recently" instead of "You've tried this before".
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
import { ZQueryFlag } from '../validation/query-flag.ts';
import { queryNumber } from '../validation/query-number.ts';
import { ZWeather, type TWeather } from '../weather/schema.ts';
import { steeringCondition } from '../weather/weather.ts';
import { ageCoverage, ageStanding, type TAgeCoverage } from './age-coverage.ts';
import { categoryName } from './categories.ts';
import { suitsWeather } from './filter.ts';
import { helperName, listNames } from './child-names.ts';
import { interestMatcher, type InterestMatcher } from './interests.ts';
import { readyRightNow, SKILL_PLAY_WORDS, SKILLS } from './practical-fields.ts';
import {
  CHILD_ID_MAX_LENGTH,
  RECOMMENDATION_ENERGIES,
  TIME_AVAILABLE_MAX,
  TIME_AVAILABLE_MIN,
} from './recommendation-choices.ts';
import {
  ZActivity,
  ZActivityLocation,
  ZEnergyQuery,
  ZWeatherCondition,
  type TActivity,
  type TActivityLocation,
  type TDifficulty,
  type TEnergyLevel,
  type TSkill,
  type TWeatherCondition,
} from './schema.ts';

export const RECOMMENDATION_COUNT = 6;

/** An activity completed this recently comes back only when too few others are eligible. */
export const RECENTLY_DONE_HOURS = 24;

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

/**
 * Whether the activity needs a sky that is not a dry one to happen at all: weather-dependent, and
 * its weather lists neither 'any' nor 'sunny' nor 'cloudy' (snow play, rain play, wind races).
 * With unknown weather such an activity is not eligible: nothing says that sky has come.
 */
export function needsWetOrWindySky(
  activity: Pick<TActivity, 'weatherDependent' | 'weather'>,
): boolean {
  return (
    activity.weatherDependent &&
    !activity.weather.some((w) => w === 'any' || w === 'sunny' || w === 'cloudy')
  );
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
  interest: 10,
  balance: 10,
} as const;

/** The days of play the balance looks back on: "this week". */
export const BALANCE_DAYS = 7;

/** A child's plays in those days before the balance speaks of them: fewer say too little. */
export const BALANCE_MIN_PLAYS = 3;

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
  /** What the child loves, as the parent typed it in setup (interests.ts). */
  interests?: readonly string[];
  preferences: {
    indoorOutdoor: TActivityLocation;
    favoriteTypes: readonly string[];
  };
}

/** A completion of the family's: which activity, when (ISO instant), and the children who played. */
export interface RecentCompletion {
  activityId: string;
  completedAt: string;
  /** The children it names; left out (or empty), it counts for no child's balance. */
  childIds?: readonly string[];
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
  /** The dashboard's "Right now": only activities with no adult prep and no mess (`readyRightNow`). */
  rightNow?: boolean;
  /** The weather the parent chose (or a planned day's known forecast): it wins over the reading. */
  weather?: TWeatherCondition | null;
  /** The reading at home; it steers only when live (fallback weather is unknown weather). */
  weatherReading?: Pick<TWeather, 'condition' | 'source'> | null;
  favoriteActivityIds?: Iterable<string>;
  triedActivityIds?: Iterable<string>;
  favoriteCategories?: readonly string[];
  defaultTimeAvailable?: number;
  defaultLocation?: TActivityLocation;
  /** Whether it is dark and whether it is evening where the family is (weather/daylight.ts). */
  daylight?: { afterDark: boolean; evening: boolean };
  /**
   * The family's completions and now: those of the last `RECENTLY_DONE_HOURS` at least, and of
   * the last `BALANCE_DAYS` with their `childIds` for the balance.
   */
  recentPlay?: { completions: readonly RecentCompletion[]; now: string };
  /**
   * The ages the activities serve; derived from `activities` when left out (the planner ranks a
   * part of the catalogue and passes the whole one's).
   */
  ageCoverage?: TAgeCoverage | null;
}

export const ZRecommendation = z.object({
  activity: ZActivity,
  score: z.number(),
  reasons: z.array(z.string()),
});
export type TRecommendation = z.infer<typeof ZRecommendation>;

/** The ages the activities serve (age-coverage.ts): the youngest and the oldest, whole years. */
export const ZAgeCoverage = z.object({
  youngest: z.number().int(),
  oldest: z.number().int(),
}) satisfies z.ZodType<TAgeCoverage>;

/** What the scoring used, so the page can say "for age 5, 30 minutes, rainy". */
export const ZRecommendationBasis = z.object({
  /** The average age of the children who play; null without children, or when none is served. */
  age: z.number().nullable(),
  childId: z.string().nullable(),
  timeAvailable: z.number(),
  location: ZActivityLocation,
  energyLevel: ZRecommendationEnergy.nullable(),
  /** The weather ranked for: null when unknown (no live reading and none chosen). */
  weather: ZWeatherCondition.nullable(),
  /** It is dark out: outdoor-only activities are left out unless the location is 'outdoor'. */
  afterDark: z.boolean(),
  /** Calm activities scored higher because it is evening. */
  evening: z.boolean(),
  /** No child is served, but one is younger than the activities: these are a look ahead. */
  lookAhead: z.boolean(),
  /** The ages the activities serve; null when there are none. */
  ageCoverage: ZAgeCoverage.nullable(),
  /** The children older than any activity is for: they join in as helpers. */
  helperIds: z.array(z.string()),
});
export type TRecommendationBasis = z.infer<typeof ZRecommendationBasis>;

export interface RecommendationResult {
  recommendations: TRecommendation[];
  basis: TRecommendationBasis;
}

/** `GET /recommendations` query; each value overrides the profile's default. */
export const ZRecommendationQuery = z.object({
  timeAvailable: queryNumber(
    z.coerce.number().int().min(TIME_AVAILABLE_MIN).max(TIME_AVAILABLE_MAX),
  ).optional(),
  location: ZActivityLocation.optional(),
  /** The one energy rule of ZEnergyQuery, the same as on `GET /activities`. */
  energyLevel: ZEnergyQuery.optional(),
  weather: ZWeatherCondition.optional(),
  childId: z.string().max(CHILD_ID_MAX_LENGTH).trim().min(1).optional(),
  /** "Right now": only activities with no adult prep and no mess ('true'/'1'). */
  rightNow: ZQueryFlag.optional(),
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

/** The activities completed within `RECENTLY_DONE_HOURS` before `now` (or after it). */
export function recentlyDoneIds(
  completions: readonly RecentCompletion[],
  now: string,
): Set<string> {
  const since = Date.parse(now) - RECENTLY_DONE_HOURS * 60 * 60 * 1000;
  return new Set(
    completions.filter((c) => Date.parse(c.completedAt) >= since).map((c) => c.activityId),
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Rule (balance, see the top of this file): the skills each of `childIds` has played little in
 * the `BALANCE_DAYS` before `now`, in `SKILLS` order. A child's play is the completions naming
 * them of the activities among `activities` (a deleted own activity's skills are unknown); with
 * fewer than `BALANCE_MIN_PLAYS` of them there is too little to tell, and the child has none.
 * Otherwise a skill is played little when they exercised it less than half as often as the six
 * skills on average, so play spread evenly over the skills leaves none out.
 */
export function littlePlayedSkills(
  completions: readonly RecentCompletion[],
  now: string,
  activities: readonly Pick<TActivity, 'id' | 'skills'>[],
  childIds: readonly string[],
): Map<string, TSkill[]> {
  const little = new Map<string, TSkill[]>();
  const since = Date.parse(now) - BALANCE_DAYS * DAY_MS;
  const named = completions.filter(
    (c) =>
      c.childIds !== undefined &&
      c.childIds.some((id) => childIds.includes(id)) &&
      Date.parse(c.completedAt) >= since,
  );
  if (named.length === 0) return little;
  const done = new Set(named.map((c) => c.activityId));
  const skillsOf = new Map<string, readonly TSkill[]>();
  for (const activity of activities) {
    if (done.has(activity.id) && !skillsOf.has(activity.id)) {
      skillsOf.set(activity.id, activity.skills);
    }
  }
  for (const childId of childIds) {
    const plays = named
      .filter((c) => c.childIds?.includes(childId))
      .map((c) => skillsOf.get(c.activityId))
      .filter((skills) => skills !== undefined);
    if (plays.length < BALANCE_MIN_PLAYS) continue;
    const exercised = plays.flat();
    // Less than half the average of the six: count < (exercised / 6) / 2.
    const skills = SKILLS.filter(
      (skill) => exercised.filter((s) => s === skill).length * 2 * SKILLS.length < exercised.length,
    );
    if (skills.length > 0) little.set(childId, skills);
  }
  return little;
}

const oneDecimal = (n: number): number => Math.round(n * 10) / 10;

type Named = Pick<RecommendationChild, 'name' | 'age'>;

const nameOf = (c: Named): string => c.name.trim();

/** "; Sam (17) can help", or nothing. */
function helpSuffix(helping: readonly string[]): string {
  if (helping.length === 0) return '';
  return `; ${listNames(helping)} ${helping.length === 1 ? 'can' : 'can all'} help`;
}

/**
 * Who the activity suits, for the age reason: the children whose ages its range covers, by name;
 * when it covers none of them on their own, the range and who it lies between, claiming no fit
 * ("For ages 5 to 7, in between Eli and Noa"). `older` are helpers older than every activity.
 */
export function ageReason(
  children: readonly Named[],
  [min, max]: readonly [number, number],
  older: readonly Named[] = [],
): string {
  const named = children.filter((c) => nameOf(c) !== '');
  const covered = named.filter((c) => min <= c.age && c.age <= max);
  const helping = older.filter((c) => nameOf(c) !== '').map(helperName);
  if (covered.length > 0) {
    return `Just right for ${listNames(covered.map(nameOf))}${helpSuffix(helping)}`;
  }
  const range = min === max ? `For age ${min}` : `For ages ${min} to ${max}`;
  const between = named.length >= 2 ? `, in between ${listNames(named.map(nameOf))}` : '';
  return `${range}${between}${helpSuffix(helping)}`;
}

/**
 * Why an activity that does not fit every child is there: "Best for Eli; Noa can help", naming
 * the children its range covers and those it does not (and the older helpers, with their age).
 */
export function siblingsReason(
  children: readonly Named[],
  [min, max]: readonly [number, number],
  older: readonly Named[] = [],
): string {
  const named = children.filter((c) => nameOf(c) !== '');
  const covered = named.filter((c) => min <= c.age && c.age <= max).map(nameOf);
  const helping = [
    ...named.filter((c) => c.age < min || c.age > max).map(nameOf),
    ...older.filter((c) => nameOf(c) !== '').map(helperName),
  ];
  if (covered.length === 0 || helping.length === 0) {
    return ageReason(children, [min, max], older);
  }
  return `Best for ${listNames(covered)}${helpSuffix(helping)}`;
}

/** One child's interest. */
interface Interest {
  child: string;
  interest: string;
}

/** The children's interests, in order, and which of them first points at an activity. */
interface Interests {
  list: readonly Interest[];
  matcher: InterestMatcher;
}

interface Context {
  age: number;
  /** The children who play (served by the activities). */
  players: readonly RecommendationChild[];
  /** The children older than every activity: they help. */
  helpers: readonly RecommendationChild[];
  evening: boolean;
  timeAvailable: number;
  location: TActivityLocation;
  energyLevel: TRecommendationEnergy | undefined;
  weather: TWeatherCondition | null;
  favoriteIds: ReadonlySet<string>;
  triedIds: ReadonlySet<string>;
  recentIds: ReadonlySet<string>;
  favoriteCategories: ReadonlySet<string>;
  interests: Interests;
  /** The skills each child who plays has played little lately (the balance), by child id. */
  littlePlayed: ReadonlyMap<string, readonly TSkill[]>;
  /** Every skill in `littlePlayed`, for scoring. */
  littleSkills: ReadonlySet<TSkill>;
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

/** The first of the children's interests that points at the activity, if any. */
function interestFor(activity: TActivity, interests: Interests): Interest | undefined {
  if (interests.list.length === 0) return undefined;
  return interests.list[interests.matcher.firstOf(activity)];
}

/**
 * The balance of an activity (see the top of this file): its first skill, in its own order, that
 * children who play have played little lately, and those children; undefined when none.
 */
function balanceFor(
  skills: readonly TSkill[],
  c: Pick<Context, 'players' | 'littlePlayed' | 'littleSkills'>,
): { skill: TSkill; children: readonly RecommendationChild[] } | undefined {
  if (c.littleSkills.size === 0) return undefined;
  for (const skill of skills) {
    if (!c.littleSkills.has(skill)) continue;
    const children = c.players.filter((p) => c.littlePlayed.get(p.id)?.includes(skill));
    if (children.length > 0) return { skill, children };
  }
  return undefined;
}

/** Balance, beyond the spec: 10 when the activity exercises a skill played little lately, else 0. */
function balanceScore(skills: readonly TSkill[], c: Context): number {
  return c.littleSkills.size > 0 && skills.some((skill) => c.littleSkills.has(skill))
    ? SCORE_MAX.balance
    : 0;
}

/** "Maya hasn't done much language play this week", naming the children who have not. */
export function balanceReason(children: readonly Named[], skill: TSkill): string {
  const names = children.map(nameOf).filter((name) => name !== '');
  const play = `${SKILL_PLAY_WORDS[skill]} play this week`;
  if (names.length === 0) return `Not much ${play}`;
  return `${listNames(names)} ${names.length === 1 ? "hasn't" : "haven't"} done much ${play}`;
}

/** Interest, beyond the spec: 10 when one of the children's interests points at it, else 0. */
export function interestScore(
  activity: TActivity,
  children: readonly Pick<RecommendationChild, 'name' | 'interests'>[],
): number {
  return interestFor(activity, interestsOf(children)) ? SCORE_MAX.interest : 0;
}

function interestsOf(
  children: readonly Pick<RecommendationChild, 'name' | 'interests'>[],
): Interests {
  const list = children.flatMap((c) =>
    (c.interests ?? [])
      .map((interest) => interest.trim())
      .filter((interest) => interest !== '')
      .map((interest) => ({ child: c.name.trim(), interest })),
  );
  return { list, matcher: interestMatcher(list.map((i) => i.interest)) };
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
  readonly skills: readonly TSkill[];
  /** `needsWetOrWindySky`: left out while the weather is unknown. */
  readonly needsSky: boolean;
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
      skills: activity.skills,
      needsSky: needsWetOrWindySky(activity),
    };
    scoringFacts.set(activity, facts);
  }
  return facts;
}

function score(activity: TActivity, facts: ScoringFacts, c: Context, category: number): number {
  const weatherPoints = c.weather && suitsWeather(facts.weather, c.weather) ? SCORE_MAX.weather : 0;
  return oneDecimal(
    ageScore(c.age, facts.ageRange) +
      timeScore(facts.duration, c.timeAvailable) +
      locationScore(facts.location, c.location) +
      weatherPoints +
      energyScore(facts.difficulty, c.energyLevel) +
      category +
      (c.favoriteIds.size > 0 && c.favoriteIds.has(facts.id) ? SCORE_MAX.favorite : 0) +
      (c.triedIds.size > 0 && c.triedIds.has(facts.id) ? SCORE_MAX.tried : 0) +
      calmScore(facts.energyLevel, c.evening) +
      (interestFor(activity, c.interests) ? SCORE_MAX.interest : 0) +
      balanceScore(facts.skills, c),
  );
}

/** Tiers of the order (see the top of this file): 0 fits everyone, 1 the average, 2 done recently. */
type Tier = 0 | 1 | 2;

interface Scored {
  activity: TActivity;
  index: number;
  tier: Tier;
  fitsAll: boolean;
  score: number;
}

/** The ordering rule: tier by tier, then by score, then in candidate order. */
const ranksBefore = (a: Scored, b: Scored): boolean =>
  a.tier !== b.tier ? a.tier < b.tier : a.score !== b.score ? a.score > b.score : a.index < b.index;

/**
 * The best `count` of the candidates offered (in candidate order), best first: the same as
 * sorting them all by `ranksBefore` and keeping the first `count`, without sorting them all.
 */
class TopRanked {
  readonly #kept: Scored[] = [];
  readonly #count: number;

  constructor(count: number) {
    this.#count = count;
  }

  offer(activity: TActivity, index: number, tier: Tier, fitsAll: boolean, score: number): void {
    const kept = this.#kept;
    const last = kept[kept.length - 1];
    // Offered in candidate order: one that does not beat the last kept comes after it.
    if (kept.length >= this.#count && last) {
      const beatsLast = tier !== last.tier ? tier < last.tier : score > last.score;
      if (!beatsLast) return;
    }
    const candidate: Scored = { activity, index, tier, fitsAll, score };
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
 * The variety rule (see the top of this file) over a ranking, best first: each place takes the
 * first entry of the best tier left whose category has been taken the fewest times so far.
 */
export function chooseVaried<T extends { tier: number; activity: Pick<TActivity, 'category'> }>(
  ranked: readonly T[],
  count: number,
): T[] {
  const left = [...ranked];
  const chosen: T[] = [];
  const uses = new Map<string, number>();
  while (chosen.length < count && left.length > 0) {
    const { tier } = left[0]!;
    let pick = 0;
    let fewest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < left.length && left[i]!.tier === tier; i += 1) {
      const used = uses.get(left[i]!.activity.category) ?? 0;
      if (used < fewest) {
        pick = i;
        fewest = used;
        if (used === 0) break;
      }
    }
    const [entry] = left.splice(pick, 1);
    chosen.push(entry!);
    uses.set(entry!.activity.category, fewest + 1);
  }
  return chosen;
}

/**
 * Each card's reasons with the distinctive ones first: ordered by how many of the cards share
 * each reason, fewest first; equal ones keep their order.
 */
export function leadWithDistinctive(reasonLists: readonly (readonly string[])[]): string[][] {
  const shared = new Map<string, number>();
  for (const reasons of reasonLists) {
    for (const reason of new Set(reasons)) shared.set(reason, (shared.get(reason) ?? 0) + 1);
  }
  // Array.prototype.sort is stable: equal counts keep their order.
  return reasonLists.map((reasons) =>
    [...reasons].sort((a, b) => (shared.get(a) ?? 0) - (shared.get(b) ?? 0)),
  );
}

/**
 * Why the activity scored as it did, one reason per component that counts. Built only for the
 * activities returned (scoring every candidate's sentences was most of a request's work).
 */
function reasonsFor(activity: TActivity, c: Context, fitsAll: boolean): string[] {
  const reasons: string[] = [];
  if (!fitsAll) {
    reasons.push(siblingsReason(c.players, activity.ageRange, c.helpers));
  } else if (ageScore(c.age, activity.ageRange) >= SCORE_MAX.age / 2) {
    reasons.push(ageReason(c.players, activity.ageRange, c.helpers));
  } else if (c.helpers.length > 0) {
    // Not close enough to call it just right, but it fits them: say who plays and who helps.
    const [min, max] = activity.ageRange;
    const fitting = c.players.filter((p) => min <= p.age && p.age <= max && nameOf(p) !== '');
    const helping = helpSuffix(c.helpers.map(helperName));
    reasons.push(
      fitting.length > 0 ? `For ${listNames(fitting.map(nameOf))}${helping}` : helping.slice(2),
    );
  }
  const interest = interestFor(activity, c.interests);
  if (interest) {
    reasons.push(
      interest.child === ''
        ? `For a love of ${interest.interest}`
        : `${interest.child} loves ${interest.interest}`,
    );
  }
  const balance = balanceFor(activity.skills, c);
  if (balance) reasons.push(balanceReason(balance.children, balance.skill));
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
  if (c.recentIds.has(activity.id)) reasons.push('You played this recently');
  else if (c.triedIds.has(activity.id)) reasons.push("You've tried this before");
  if (calmScore(activity.energyLevel, c.evening) === SCORE_MAX.calm) {
    reasons.push('Calm for the evening');
  }
  return reasons;
}

/** An eligible activity with its score, its reasons, and whether it fits every child playing. */
export interface RankedActivity extends TRecommendation {
  fitsAll: boolean;
  /** Its tier in the order (see the top of this file): 0 fits everyone, 1 the average, 2 done recently. */
  tier: Tier;
}

export interface RankingResult {
  /** Every eligible activity, best first (see the ordering rule at the top of this file). */
  ranked: RankedActivity[];
  basis: TRecommendationBasis;
}

/**
 * Every eligible activity ranked by the rules at the top of this file: tier by tier, then by
 * score, ties in the order of `activities`. Without children nothing is scored: every activity
 * comes back in its order with score 0. The planner reads the whole ranking; recommendations
 * choose their 6 from it with variety.
 */
export function rankActivities(input: RecommendationInput): RankingResult {
  const { scored, context, basis } = rank(input, () => new TopRanked(Number.POSITIVE_INFINITY));
  return { ranked: scored.map((s) => withReasons(s, context)), basis };
}

function withReasons(s: Scored, context: Context | undefined): RankedActivity {
  return {
    activity: s.activity,
    score: s.score,
    reasons: context ? reasonsFor(s.activity, context, s.fitsAll) : [],
    fitsAll: s.fitsAll,
    tier: s.tier,
  };
}

/**
 * Scores every eligible activity, offering each to the `TopRanked` of its group (`keep` makes one
 * per tier and category, so the 6 varied ones are among the kept), and returns the kept ones in
 * ranking order. Without children or anyone the activities serve, no context: nothing is scored.
 */
function rank(
  input: RecommendationInput,
  keep: () => TopRanked,
  count = Number.POSITIVE_INFINITY,
): { scored: Scored[]; context: Context | undefined; basis: TRecommendationBasis } {
  const picked = input.childId ? input.children.find((c) => c.id === input.childId) : undefined;
  const considered = picked ? [picked] : input.children;
  const coverage =
    input.ageCoverage === undefined ? ageCoverage(input.activities) : input.ageCoverage;
  const timeAvailable = input.timeAvailable ?? input.defaultTimeAvailable ?? DEFAULT_TIME_AVAILABLE;
  const location =
    input.location ?? picked?.preferences.indoorOutdoor ?? input.defaultLocation ?? 'both';
  const weather = input.weather ?? steeringCondition(input.weatherReading);
  const afterDark = input.daylight?.afterDark ?? false;
  const evening = input.daylight?.evening ?? false;
  const noOutdoorsAfterDark = outdoorsRuledOutAfterDark(afterDark, location);
  const rightNow = input.rightNow === true;
  const players = considered.filter((c) => ageStanding(c.age, coverage) === 'served');
  const helpers = considered.filter((c) => ageStanding(c.age, coverage) === 'older');
  const lookAhead =
    players.length === 0 && considered.some((c) => ageStanding(c.age, coverage) === 'younger');
  const basisWithoutAge = {
    lookAhead,
    childId: picked?.id ?? null,
    timeAvailable,
    location,
    energyLevel: input.energyLevel ?? null,
    weather,
    afterDark,
    evening,
    ageCoverage: coverage,
    helperIds: helpers.map((c) => c.id),
  };
  if (considered.length === 0) {
    return {
      scored: input.activities
        .filter((activity) => !rightNow || readyRightNow(activity))
        .slice(0, count)
        .map((activity, index) => ({
          activity,
          index,
          tier: 0,
          fitsAll: true,
          score: 0,
        })),
      context: undefined,
      basis: { age: null, ...basisWithoutAge },
    };
  }
  if (players.length === 0 && !lookAhead) {
    // Nobody the activities serve (a teenager alone): nothing to rank, and the basis says why.
    return { scored: [], context: undefined, basis: { age: null, ...basisWithoutAge } };
  }
  const age =
    players.length > 0
      ? players.reduce((sum, c) => sum + c.age, 0) / players.length
      : (coverage?.youngest ?? 0);
  const favoriteCategories = new Set(
    [
      ...(input.favoriteCategories ?? []),
      ...considered.flatMap((c) => c.preferences.favoriteTypes),
    ].map((name) => name.trim().toLowerCase()),
  );
  const recentIds = input.recentPlay
    ? recentlyDoneIds(input.recentPlay.completions, input.recentPlay.now)
    : new Set<string>();
  const littlePlayed = input.recentPlay
    ? littlePlayedSkills(
        input.recentPlay.completions,
        input.recentPlay.now,
        input.activities,
        players.map((p) => p.id),
      )
    : new Map<string, TSkill[]>();
  const context: Context = {
    age,
    players,
    helpers,
    evening,
    timeAvailable,
    location,
    energyLevel: input.energyLevel,
    weather,
    favoriteIds: new Set(input.favoriteActivityIds ?? []),
    triedIds: new Set(input.triedActivityIds ?? []),
    recentIds,
    favoriteCategories,
    interests: interestsOf(considered),
    littlePlayed,
    littleSkills: new Set([...littlePlayed.values()].flat()),
  };
  // The siblings rule applies when two or more children play together.
  const together = players.length >= 2 ? players : [];
  const categoryPoints = categoryScorer(favoriteCategories);
  // One group per tier and category (keyed by tier, then by category).
  const groups: Map<string, TopRanked>[] = [new Map(), new Map(), new Map()];
  const { activities } = input;
  for (let index = 0; index < activities.length; index += 1) {
    const activity = activities[index]!;
    const facts = factsOf(activity);
    const [min, max] = facts.ageRange;
    const eligible =
      min <= age &&
      age <= max &&
      playableInWeather(facts, weather) &&
      (weather !== null || !facts.needsSky) &&
      !(noOutdoorsAfterDark && facts.location === 'outdoor') &&
      (!rightNow || readyRightNow(activity));
    if (!eligible) continue;
    const fitsAll = together.length === 0 || fitsEveryChild(facts.ageRange, together);
    const tier: Tier = recentIds.has(facts.id) ? 2 : fitsAll ? 0 : 1;
    const ofTier = groups[tier]!;
    let group = ofTier.get(facts.category);
    if (!group) {
      group = keep();
      ofTier.set(facts.category, group);
    }
    group.offer(
      activity,
      index,
      tier,
      fitsAll,
      score(activity, facts, context, categoryPoints(facts.category)),
    );
  }
  const scored = groups
    .flatMap((ofTier) => [...ofTier.values()].flatMap((group) => group.best()))
    .sort((a, b) => (ranksBefore(a, b) ? -1 : 1));
  return { scored, context, basis: { age: oneDecimal(age), ...basisWithoutAge } };
}

/** The top 6 recommendations and what they were based on (formulas at the top of this file). */
export function recommendActivities(input: RecommendationInput): RecommendationResult {
  // Each tier and category keeps its best 6: the variety rule never takes more of one.
  const { scored, context, basis } = rank(
    input,
    () => new TopRanked(RECOMMENDATION_COUNT),
    RECOMMENDATION_COUNT,
  );
  // Without anyone to rank for, the first 6 in their order (spec §9).
  const chosen = context ? chooseVaried(scored, RECOMMENDATION_COUNT) : scored;
  const reasons = leadWithDistinctive(
    chosen.map((s) => (context ? reasonsFor(s.activity, context, s.fitsAll) : [])),
  );
  return {
    recommendations: chosen.map((s, i) => ({
      activity: s.activity,
      score: s.score,
      reasons: reasons[i] ?? [],
    })),
    basis,
  };
}
