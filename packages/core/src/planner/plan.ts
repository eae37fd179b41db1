/**
 * The planner (DESIGN, Planner): fills each day's windows with activities, deterministically.
 *
 * Each free stretch of a window (what kept items leave) is filled from its start, one activity
 * after another while at least `MIN_SLOT_MINUTES` are left. Each pick takes the best of the
 * activities that can be played then:
 *
 * - Eligible, beyond the recommendation rules (age, weather, after dark: activities/recommend.ts):
 *   not yet in the plan, not avoided, no longer than the time left in the stretch, of the day's
 *   season (`suitsSeason`), and outdoor-only ones only in daylight for their whole length
 *   (weather/daylight.ts: sunrise to sunset, or 06:00 to 20:00 without them) and, on a hot day
 *   (a high from `HEAT_FROM_CELSIUS`), not from 11:00 to 17:00.
 * - The day's condition is the forecast's; a dry day with a chance of rain from
 *   `RAIN_LIKELY_FROM_PERCENT` plans as rainy. A day without a live forecast (the fixed or
 *   fallback day, weather/weather.ts `isLiveWeather`) plans for unknown weather: no weather points,
 *   no weather reason, not hot.
 * - Ranked by the recommendation score (activities/recommend.ts: age, time, place, weather,
 *   category, favourite, tried, and calm in the evening) with the time left in the stretch, at most
 *   `TARGET_ITEM_MINUTES`, as the time available, plus:
 *   - rhythm, max 10: in the morning (before 12:00) High energy 10, Medium 5; in the afternoon
 *     Medium 10, High and Low 5; in the evening nothing more (the calm score has it);
 *   - variety, max 10: a category not yet planned that day 10, one planned but not just before 5,
 *     the same as the activity just before 0;
 *   - novelty, 20: an activity neither tried nor a favourite scores 20 while the plan so far has
 *     more familiar activities than new ones, more than a tried favourite's lift (10 + 5), so
 *     favourites and new ones alternate.
 * - Siblings: activities that fit every child playing come first. When none is left, the day is
 *   split: the child with the fewest planned minutes that day (ties: the first) gets an activity
 *   chosen for their age, shared with every sibling whose age it fits too, and the why says who it
 *   is best for ("Best for Eli; Noa can help"). A child younger than every activity counts as
 *   the youngest age they serve (a look ahead); one older than every activity helps, and the why
 *   says so ("Just right for Ada; Sam (17) can help").
 *
 * Every item names the children whose ages the activity's range covers and says why it was chosen.
 * Equal totals keep the ranking's order, so the same input always gives the same plan.
 */
import { ageCoverage, ageStanding, type TAgeCoverage } from '../activities/age-coverage.ts';
import { suitsSeason } from '../activities/filter.ts';
import {
  ageReason,
  rankActivities,
  siblingsReason,
  type RankedActivity,
  type RecommendationChild,
} from '../activities/recommend.ts';
import type {
  TActivity,
  TActivityLocation,
  TEnergyLevel,
  TSeason,
  TWeatherCondition,
} from '../activities/schema.ts';
import { HEAT_FROM_CELSIUS } from '../notifications/rules.ts';
import { daylightAt } from '../weather/daylight.ts';
import { fahrenheitToCelsius, isLiveWeather } from '../weather/weather.ts';
import { addDays, localDayAndMinute, zonedInstant } from '../time/wall-clock.ts';
import {
  MIN_SLOT_MINUTES,
  clockMinutes,
  clockTime,
  type TDayForecast,
  type TPlanDay,
  type TPlanItem,
  type TPlanSlot,
} from './schema.ts';
import { slotsForDay } from './slots.ts';

/** A dry day with at least this chance of rain (percent) is planned as a rainy one. */
export const RAIN_LIKELY_FROM_PERCENT = 60;
/** The time available an activity is scored against, at most: shorter pieces keep a long window lively. */
export const TARGET_ITEM_MINUTES = 60;
/** On a hot day, outdoor-only activities stay out of the midday heat (local minutes). */
export const MIDDAY_HEAT = { from: 11 * 60, to: 17 * 60 } as const;
export const NOON = 12 * 60;
/** How many activities may stand in for a planned one (the language model's choice). */
export const ALTERNATIVES_PER_ITEM = 5;

export const PLAN_SCORE_MAX = { rhythm: 10, variety: 10, novelty: 20 } as const;

export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** An item to keep as it is, its activity looked up. */
export interface KeptItem {
  date: string;
  start: string;
  activity: TActivity;
  childIds: readonly string[];
  why: string;
  locked: boolean;
}

export interface PlannerInput {
  /** The catalogue, then the family's own activities: the ranking's tie order. */
  activities: readonly TActivity[];
  /** The children playing, at least one. */
  children: readonly RecommendationChild[];
  startDate: string;
  days: number;
  slots: readonly TPlanSlot[];
  /** The forecast of each planned day. */
  forecasts: readonly TDayForecast[];
  /** The family's IANA time zone: windows are its wall-clock times. */
  timeZone: string;
  /** The instant of planning: today's windows start no earlier. Left out: nothing is cut. */
  now?: string;
  /** Seasons are turned round south of the equator. */
  hemisphere?: 'north' | 'south';
  favoriteActivityIds?: Iterable<string>;
  triedActivityIds?: Iterable<string>;
  favoriteCategories?: readonly string[];
  defaultLocation?: TActivityLocation;
  keep?: readonly KeptItem[];
  avoid?: Iterable<string>;
}

export interface PlannedDays {
  days: TPlanDay[];
  /**
   * For each day and item, the activities that could take the item's place (the same children,
   * no longer, not elsewhere in the plan), the planned one first; empty for kept items.
   */
  alternatives: TActivity[][][];
  /** The ages the activities serve: who an activity is for is read against them. */
  coverage: TAgeCoverage | null;
}

/**
 * The condition a day is planned for (see the top of this file); null when its forecast is unknown
 * (no live forecast: the fallback day is not real weather and plans for no weather at all).
 */
export function planningCondition(forecast: TDayForecast): TWeatherCondition | null {
  if (!isLiveWeather(forecast) || forecast.condition === null) return null;
  const dry =
    forecast.condition === 'sunny' ||
    forecast.condition === 'cloudy' ||
    forecast.condition === 'windy';
  const rainLikely =
    forecast.precipitationProbability !== null &&
    forecast.precipitationProbability >= RAIN_LIKELY_FROM_PERCENT;
  return dry && rainLikely ? 'rainy' : forecast.condition;
}

/** Meteorological seasons by month; south of the equator they are turned round. */
export function seasonOf(day: string, hemisphere: 'north' | 'south' = 'north'): TSeason {
  const month = Number(day.slice(5, 7));
  const north: TSeason =
    month >= 3 && month <= 5
      ? 'spring'
      : month >= 6 && month <= 8
        ? 'summer'
        : month >= 9 && month <= 11
          ? 'autumn'
          : 'winter';
  if (hemisphere === 'north') return north;
  const opposite: Record<TSeason, TSeason> = {
    spring: 'autumn',
    summer: 'winter',
    autumn: 'spring',
    winter: 'summer',
  };
  return opposite[north];
}

/** A live forecast's high from `HEAT_FROM_CELSIUS`; an unknown day is not hot. */
export function isHotDay(forecast: TDayForecast): boolean {
  if (!isLiveWeather(forecast) || forecast.temperatureMax === null) return false;
  const maxC =
    forecast.units === 'metric'
      ? forecast.temperatureMax
      : fahrenheitToCelsius(forecast.temperatureMax);
  return maxC >= HEAT_FROM_CELSIUS;
}

/** Morning before noon; evening as the daylight rules say (from 18:00, or once dark). */
export function partOfDay(minute: number, evening: boolean): PartOfDay {
  if (minute < NOON) return 'morning';
  return evening ? 'evening' : 'afternoon';
}

export function rhythmScore(energy: TEnergyLevel, part: PartOfDay): number {
  const max = PLAN_SCORE_MAX.rhythm;
  if (part === 'morning') return energy === 'High' ? max : energy === 'Medium' ? max / 2 : 0;
  if (part === 'afternoon') return energy === 'Medium' ? max : max / 2;
  return 0;
}

export function varietyScore(
  category: string,
  categoriesToday: ReadonlySet<string>,
  previousCategory: string | undefined,
): number {
  if (category === previousCategory) return 0;
  return categoriesToday.has(category) ? PLAN_SCORE_MAX.variety / 2 : PLAN_SCORE_MAX.variety;
}

export function noveltyScore(isNew: boolean, familiarSoFar: number, newSoFar: number): number {
  return isNew && familiarSoFar > newSoFar ? PLAN_SCORE_MAX.novelty : 0;
}

/**
 * A child's age for matching: one younger than every activity counts as the youngest age the
 * activities serve (a look ahead).
 */
const matchingAge = (age: number, coverage: TAgeCoverage | null): number =>
  coverage === null ? age : Math.max(age, coverage.youngest);

/** The children whose (matching) age the range covers, in their order. */
export function childrenCovered<C extends Pick<RecommendationChild, 'age'>>(
  children: readonly C[],
  [min, max]: readonly [number, number],
  coverage: TAgeCoverage | null = null,
): C[] {
  return children.filter(
    (c) => min <= matchingAge(c.age, coverage) && matchingAge(c.age, coverage) <= max,
  );
}

interface Planned {
  fromMinute: number;
  item: TPlanItem;
  kept: boolean;
  /** Ranked stand-ins for a planned item (the chosen one first), before the plan-wide filter. */
  standIns: TActivity[];
}

interface PlanState {
  used: Set<string>;
  familiar: number;
  fresh: number;
}

interface Context {
  input: PlannerInput;
  children: readonly RecommendationChild[];
  /** The ages the activities serve (the whole list's, while each pick ranks a part of it). */
  coverage: TAgeCoverage | null;
  /** The children the activities serve, and those older than every activity (they help). */
  playing: readonly RecommendationChild[];
  helpers: readonly RecommendationChild[];
  childIds: ReadonlySet<string>;
  avoid: ReadonlySet<string>;
  favoriteIds: ReadonlySet<string>;
  triedIds: ReadonlySet<string>;
}

interface DayContext {
  date: string;
  forecast: TDayForecast;
  condition: TWeatherCondition | null;
  season: TSeason;
  hot: boolean;
  planned: Planned[];
  /** Whether it is light at a minute of the day, as worked out so far (Intl is not free). */
  daylight: Map<number, boolean>;
}

function isDaylight(ctx: Context, day: DayContext, minute: number): boolean {
  let light = day.daylight.get(minute);
  if (light === undefined) {
    light = !daylightAt({
      now: zonedInstant(day.date, minute, ctx.input.timeZone),
      timeZone: ctx.input.timeZone,
      sunrise: day.forecast.sunrise,
      sunset: day.forecast.sunset,
    }).afterDark;
    day.daylight.set(minute, light);
  }
  return light;
}

/** Outdoor-only activities: in daylight from start to end, and out of the midday heat. */
function outdoorsAllowed(
  ctx: Context,
  day: DayContext,
  activity: TActivity,
  from: number,
): boolean {
  if (activity.location !== 'outdoor') return true;
  const to = from + activity.duration;
  if (day.hot && from < MIDDAY_HEAT.to && to > MIDDAY_HEAT.from) return false;
  return isDaylight(ctx, day, from) && isDaylight(ctx, day, to - 1);
}

function weatherReason(
  activity: TActivity,
  condition: TWeatherCondition | null,
): string | undefined {
  if (condition === null) return undefined;
  const outside = activity.location !== 'indoor';
  if (condition === 'rainy') {
    return activity.location === 'outdoor' ? 'Made for a rainy day' : 'Indoors, out of the rain';
  }
  if (condition === 'stormy') return 'Indoors, safe from the storm';
  if (outside && activity.weather.includes(condition)) return `Good for ${condition} days`;
  return undefined;
}

function partReason(energy: TEnergyLevel, part: PartOfDay): string | undefined {
  if (part === 'morning' && energy !== 'Low') return 'Active play for the morning';
  if (part === 'evening' && energy === 'Low') return 'Calm for the evening';
  return undefined;
}

interface Scored {
  ranked: RankedActivity;
  covered: RecommendationChild[];
  total: number;
  novelty: number;
  part: PartOfDay;
}

/** The why of a pick: who it suits, then favourite or new, the time of day, and the weather. */
function whyOf(ctx: Context, day: DayContext, choice: Scored): string {
  const { activity } = choice.ranked;
  const { playing, helpers } = ctx;
  const named = playing.length > 0 ? playing : ctx.children.filter((c) => !helpers.includes(c));
  const age =
    choice.covered.length < named.length && playing.length >= 2
      ? siblingsReason(named, activity.ageRange, helpers)
      : ageReason(choice.covered, activity.ageRange, helpers);
  const familiarity = ctx.favoriteIds.has(activity.id)
    ? 'One of your favourites'
    : choice.novelty > 0
      ? 'Something new to try'
      : undefined;
  return [
    age,
    familiarity,
    partReason(activity.energyLevel, choice.part),
    weatherReason(activity, day.condition),
  ]
    .filter((reason): reason is string => reason !== undefined)
    .join(' · ');
}

/** The minutes each child has planned on the day so far. */
function minutesByChild(day: DayContext, childId: string): number {
  return day.planned
    .filter((p) => p.item.childIds.includes(childId))
    .reduce((sum, p) => sum + p.item.minutes, 0);
}

/** The best activity to start at `from` with `left` minutes of the stretch, ranked stand-ins too. */
function pick(
  ctx: Context,
  state: PlanState,
  day: DayContext,
  from: number,
  left: number,
): { choice: Scored; standIns: TActivity[] } | undefined {
  const { input } = ctx;
  const at = zonedInstant(day.date, from, input.timeZone);
  const daylight = daylightAt({
    now: at,
    timeZone: input.timeZone,
    sunrise: day.forecast.sunrise,
    sunset: day.forecast.sunset,
  });
  const part = partOfDay(from, daylight.evening);
  const pool = input.activities.filter(
    (a) =>
      !state.used.has(a.id) &&
      !ctx.avoid.has(a.id) &&
      a.duration <= left &&
      suitsSeason(a, day.season) &&
      outdoorsAllowed(ctx, day, a, from),
  );
  if (pool.length === 0) return undefined;
  const rankingInput = {
    activities: pool,
    children: ctx.children,
    timeAvailable: Math.min(left, TARGET_ITEM_MINUTES),
    weather: day.condition,
    ageCoverage: ctx.coverage,
    daylight,
    favoriteActivityIds: ctx.favoriteIds,
    triedActivityIds: ctx.triedIds,
    favoriteCategories: input.favoriteCategories,
    defaultLocation: input.defaultLocation,
  };
  let ranked = rankActivities(rankingInput).ranked;
  if (!ranked.some((entry) => entry.fitsAll)) {
    // Nothing left that every child can do: split, for the child with the least so far today
    // (the next one when nothing is left for that child either).
    const byMinutes = [...ctx.playing].sort(
      (a, b) => minutesByChild(day, a.id) - minutesByChild(day, b.id),
    );
    for (const focus of byMinutes) {
      ranked = rankActivities({ ...rankingInput, childId: focus.id }).ranked;
      if (ranked.length > 0) break;
    }
  }
  const before = day.planned.filter((p) => p.fromMinute < from).at(-1);
  const categoriesToday = new Set(day.planned.map((p) => p.item.activity.category));
  const scored: Scored[] = [];
  for (const entry of ranked) {
    const covered = childrenCovered(ctx.children, entry.activity.ageRange, ctx.coverage);
    if (covered.length === 0) continue;
    const { activity } = entry;
    const isNew = !ctx.favoriteIds.has(activity.id) && !ctx.triedIds.has(activity.id);
    const novelty = noveltyScore(isNew, state.familiar, state.fresh);
    const total =
      entry.score +
      rhythmScore(activity.energyLevel, part) +
      varietyScore(activity.category, categoriesToday, before?.item.activity.category) +
      novelty;
    scored.push({ ranked: entry, covered, total, novelty, part });
  }
  // Stable: equal totals keep the ranking's order (and with it the activities' order).
  scored.sort((a, b) => Number(b.ranked.fitsAll) - Number(a.ranked.fitsAll) || b.total - a.total);
  const choice = scored[0];
  if (!choice) return undefined;
  const chosenIds = choice.covered.map((c) => c.id);
  const standIns = scored
    .filter(
      (s) =>
        s.ranked.activity.duration <= choice.ranked.activity.duration &&
        chosenIds.every((id) => s.covered.some((c) => c.id === id)),
    )
    .slice(0, ALTERNATIVES_PER_ITEM * 4)
    .map((s) => s.ranked.activity);
  return { choice, standIns };
}

function place(ctx: Context, state: PlanState, day: DayContext, planned: Planned): void {
  day.planned.push(planned);
  day.planned.sort((a, b) => a.fromMinute - b.fromMinute);
  const { activity } = planned.item;
  state.used.add(activity.id);
  if (ctx.favoriteIds.has(activity.id) || ctx.triedIds.has(activity.id)) state.familiar += 1;
  else state.fresh += 1;
}

/** The free stretches of a window: what the kept items of the day leave of it. */
function freeStretches(
  from: number,
  to: number,
  kept: readonly Planned[],
): { from: number; to: number }[] {
  const stretches: { from: number; to: number }[] = [];
  let cursor = from;
  for (const k of kept) {
    const end = k.fromMinute + k.item.minutes;
    if (end <= cursor || k.fromMinute >= to) continue;
    if (k.fromMinute > cursor) stretches.push({ from: cursor, to: k.fromMinute });
    cursor = Math.max(cursor, end);
  }
  if (cursor < to) stretches.push({ from: cursor, to });
  return stretches;
}

/** Plans `days` days from `startDate` (rules at the top of this file). */
export function planDays(input: PlannerInput): PlannedDays {
  const children = input.children;
  const coverage = ageCoverage(input.activities);
  const ctx: Context = {
    input,
    children,
    coverage,
    playing: children.filter((c) => ageStanding(c.age, coverage) === 'served'),
    helpers: children.filter((c) => ageStanding(c.age, coverage) === 'older'),
    childIds: new Set(children.map((c) => c.id)),
    avoid: new Set(input.avoid ?? []),
    favoriteIds: new Set(input.favoriteActivityIds ?? []),
    triedIds: new Set(input.triedActivityIds ?? []),
  };
  const state: PlanState = { used: new Set(), familiar: 0, fresh: 0 };
  const now = input.now === undefined ? undefined : localDayAndMinute(input.now, input.timeZone);
  const dates = Array.from({ length: input.days }, (_, i) => addDays(input.startDate, i));
  const days: DayContext[] = dates.map((date) => {
    const forecast = input.forecasts.find((f) => f.date === date);
    if (!forecast) throw new RangeError(`No forecast for ${date}`);
    return {
      date,
      forecast,
      condition: planningCondition(forecast),
      season: seasonOf(date, input.hemisphere),
      hot: isHotDay(forecast),
      planned: [],
      daylight: new Map(),
    };
  });

  // Kept items first, each activity once, for children still playing.
  for (const kept of input.keep ?? []) {
    const day = days.find((d) => d.date === kept.date);
    const childIds = kept.childIds.filter((id) => ctx.childIds.has(id));
    if (!day || childIds.length === 0 || state.used.has(kept.activity.id)) continue;
    place(ctx, state, day, {
      fromMinute: clockMinutes(kept.start),
      kept: true,
      standIns: [],
      item: {
        start: kept.start,
        minutes: kept.activity.duration,
        activity: kept.activity,
        childIds,
        why: kept.why,
        locked: kept.locked,
      },
    });
  }

  const windows = days.map((day) => slotsForDay(input.slots, day.date, now));
  days.forEach((day, index) => {
    const kept = day.planned.filter((p) => p.kept);
    for (const slot of windows[index] ?? []) {
      const from = clockMinutes(slot.start);
      for (const stretch of freeStretches(from, from + slot.minutes, kept)) {
        let cursor = stretch.from;
        while (stretch.to - cursor >= MIN_SLOT_MINUTES) {
          const picked = pick(ctx, state, day, cursor, stretch.to - cursor);
          if (!picked) break;
          const { choice, standIns } = picked;
          place(ctx, state, day, {
            fromMinute: cursor,
            kept: false,
            standIns: standIns,
            item: {
              start: clockTime(cursor),
              minutes: choice.ranked.activity.duration,
              activity: choice.ranked.activity,
              childIds: choice.covered.map((c) => c.id),
              why: whyOf(ctx, day, choice),
              locked: false,
            },
          });
          cursor += choice.ranked.activity.duration;
        }
      }
    }
  });

  return {
    coverage,
    days: days.map((day, index) => ({
      date: day.date,
      forecast: day.forecast,
      slots: windows[index] ?? [],
      items: day.planned.map((p) => p.item),
    })),
    alternatives: days.map((day) =>
      day.planned.map((p) =>
        p.kept
          ? []
          : p.standIns
              .filter((a) => a.id === p.item.activity.id || !state.used.has(a.id))
              .slice(0, ALTERNATIVES_PER_ITEM),
      ),
    ),
  };
}
