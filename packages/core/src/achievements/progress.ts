import { localMoment } from './calendar.ts';
import { ACHIEVEMENT_BY_ID, ACHIEVEMENTS } from './definitions.ts';
import type {
  TAchievement,
  TChildPlay,
  TCompletion,
  TFamilyStats,
  TMemberPlay,
  TProgressState,
} from './schema.ts';
import { streaksOf, withPlayedDay } from './streak.ts';

/** A family that has done nothing yet. */
export const EMPTY_PROGRESS: TProgressState = {
  totalActivities: 0,
  totalTimeSpent: 0,
  playedDays: [],
  currentStreak: 0,
  longestStreak: 0,
  lastActivityDate: null,
  activitiesDone: [],
  categoriesTried: [],
  rainyOutdoorActivities: 0,
  earlyActivities: 0,
  weekendActivities: 0,
  unlocked: [],
};

/** Early-bird window, local wall-clock hours [from, to). */
const EARLY_FROM_HOUR = 5;
const EARLY_TO_HOUR = 8;
const SATURDAY = 6;
const SUNDAY = 0;

function withValue(sorted: readonly string[], value: string): string[] {
  return sorted.includes(value) ? [...sorted] : [...sorted, value].sort();
}

export interface CompletionOutcome {
  state: TProgressState;
  /** Achievement ids this completion unlocked, in definition order. */
  newlyUnlocked: string[];
}

/** `next` with the achievements it meets that `previous` had not unlocked, in definition order. */
function unlockMet(previous: TProgressState, next: TProgressState): CompletionOutcome {
  const newlyUnlocked = ACHIEVEMENTS.filter(
    (a) => !previous.unlocked.includes(a.id) && a.isMet(next),
  ).map((a) => a.id);
  return { state: { ...next, unlocked: [...previous.unlocked, ...newlyUnlocked] }, newlyUnlocked };
}

/**
 * Applies one completion. Every completion counts toward the totals, time and the special
 * counters, and for its own local day toward the streaks (spec §4; issue 12: one made offline
 * counts for the day it was made, even when it arrives after later days). Achievements are
 * checked on the state right after this completion, so they unlock at the step their condition
 * first holds, and an unlocked one is never unlocked again.
 */
export function applyCompletion(
  state: TProgressState,
  completion: TCompletion,
  timeZone: string,
): CompletionOutcome {
  const moment = localMoment(completion.completedAt, timeZone);
  const playedDays = withPlayedDay(state.playedDays, moment.day);
  const isRainyOutdoors = completion.location === 'outdoor' && completion.weather === 'rainy';
  const isEarly = moment.hour >= EARLY_FROM_HOUR && moment.hour < EARLY_TO_HOUR;
  const isWeekend = moment.weekday === SATURDAY || moment.weekday === SUNDAY;
  return unlockMet(state, {
    ...state,
    playedDays,
    ...streaksOf(playedDays),
    totalActivities: state.totalActivities + 1,
    totalTimeSpent: state.totalTimeSpent + completion.minutes,
    activitiesDone: withValue(state.activitiesDone, completion.activityId),
    categoriesTried: withValue(state.categoriesTried, completion.category),
    rainyOutdoorActivities: state.rainyOutdoorActivities + (isRainyOutdoors ? 1 : 0),
    earlyActivities: state.earlyActivities + (isEarly ? 1 : 0),
    weekendActivities: state.weekendActivities + (isWeekend ? 1 : 0),
  });
}

/**
 * The state with `playedDays` (sorted, unique) as the family's played days, the streaks that
 * follow from them, and any achievement they now meet unlocked. Migration 0016 rebuilds the
 * stored states of before played days were kept with it, from the activity log's local days.
 */
export function withPlayedDays(
  state: TProgressState,
  playedDays: readonly string[],
): CompletionOutcome {
  return unlockMet(state, { ...state, playedDays: [...playedDays], ...streaksOf(playedDays) });
}

/**
 * The state after the completions, applied in the order given: the order they were recorded,
 * which is also the order the server applies them one by one. Replaying the same sequence from
 * scratch therefore gives the same state.
 */
export function replayCompletions(
  completions: readonly TCompletion[],
  timeZone: string,
): TProgressState {
  return completions.reduce(
    (state, completion) => applyCompletion(state, completion, timeZone).state,
    EMPTY_PROGRESS,
  );
}

/** Sum of the points of the unlocked achievements. */
export function totalPoints(unlocked: readonly string[]): number {
  return unlocked.reduce((sum, id) => sum + (ACHIEVEMENT_BY_ID.get(id)?.points ?? 0), 0);
}

/** Family stats (spec §3) from the progress, the current number of favourites and who played. */
export function familyStats(
  state: TProgressState,
  favoriteActivities: number,
  byMember: TMemberPlay[] = [],
  byChild: TChildPlay[] = [],
): TFamilyStats {
  return {
    totalActivities: state.totalActivities,
    currentStreak: state.currentStreak,
    longestStreak: state.longestStreak,
    totalPoints: totalPoints(state.unlocked),
    achievementsUnlocked: state.unlocked.length,
    totalTimeSpent: state.totalTimeSpent,
    favoriteActivities,
    lastActivityDate: state.lastActivityDate,
    byMember,
    byChild,
  };
}

/**
 * How much each child played: every current child in the family's order, with zero when no
 * completion named them. A child no longer in the family is left out (their completions stay in
 * the log).
 */
export function playByChild(
  children: readonly { id: string; name: string }[],
  played: readonly Omit<TChildPlay, 'name'>[],
): TChildPlay[] {
  const byId = new Map(played.map((entry) => [entry.childId, entry]));
  return children.map((child) => ({
    childId: child.id,
    name: child.name,
    activities: byId.get(child.id)?.activities ?? 0,
    minutes: byId.get(child.id)?.minutes ?? 0,
  }));
}

/**
 * The children's play with one more completion of `minutes` that names `childIds`: it counts once
 * for each of them (a completion being logged, or one made offline).
 */
export function withChildrenPlay(
  byChild: readonly TChildPlay[],
  childIds: readonly string[],
  minutes: number,
): TChildPlay[] {
  return byChild.map((entry) =>
    childIds.includes(entry.childId)
      ? { ...entry, activities: entry.activities + 1, minutes: entry.minutes + minutes }
      : entry,
  );
}

/**
 * Who played how much (DESIGN, Families: stats say who played): every current member in the order
 * given, with zero when they have not played, then those who played and have left, most first.
 */
export function playByMember(
  members: readonly { userId: string; name: string }[],
  played: readonly TMemberPlay[],
): TMemberPlay[] {
  const byUser = new Map(played.map((entry) => [entry.userId, entry]));
  const current = members.map((member) => ({
    userId: member.userId,
    name: member.name,
    activities: byUser.get(member.userId)?.activities ?? 0,
    minutes: byUser.get(member.userId)?.minutes ?? 0,
  }));
  const memberIds = new Set(members.map((member) => member.userId));
  const former = played
    .filter((entry) => !memberIds.has(entry.userId))
    .sort((a, b) => b.activities - a.activities || a.userId.localeCompare(b.userId));
  return [...current, ...former];
}

/** One achievement of a family, unlocked (with its time) or with its progress so far. */
export function describeAchievement(
  id: string,
  state: TProgressState,
  userId: string,
  unlockedAt: string | null,
): TAchievement {
  const definition = ACHIEVEMENT_BY_ID.get(id);
  if (!definition) throw new RangeError(`Unknown achievement: ${id}`);
  const isUnlocked = unlockedAt !== null;
  return {
    id: definition.id,
    userId,
    title: definition.title,
    description: definition.description,
    icon: definition.icon,
    category: definition.category,
    points: definition.points,
    isUnlocked,
    unlockedAt,
    progress: isUnlocked ? definition.maxProgress : definition.progress(state),
    maxProgress: definition.maxProgress,
  };
}

/**
 * Every achievement for a family: unlocked ones first, newest `unlockedAt` first (spec §7), then
 * the locked ones in definition order. `unlockedAt` maps achievement id to its unlock time.
 */
export function listAchievements(
  state: TProgressState,
  userId: string,
  unlockedAt: ReadonlyMap<string, string>,
): TAchievement[] {
  const all = ACHIEVEMENTS.map((a) =>
    describeAchievement(a.id, state, userId, unlockedAt.get(a.id) ?? null),
  );
  const unlocked = all
    .filter((a) => a.isUnlocked)
    .sort((a, b) => (b.unlockedAt ?? '').localeCompare(a.unlockedAt ?? ''));
  return [...unlocked, ...all.filter((a) => !a.isUnlocked)];
}
