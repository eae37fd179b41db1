import { dayGap } from './calendar.ts';

export interface StreakState {
  currentStreak: number;
  longestStreak: number;
  /** YYYY-MM-DD in the family's timezone, or null before the first activity. */
  lastActivityDate: string | null;
}

/** The family's played days (YYYY-MM-DD, sorted, unique) with `day` among them. */
export function withPlayedDay(playedDays: readonly string[], day: string): string[] {
  if (playedDays.includes(day)) return [...playedDays];
  const last = playedDays.at(-1);
  // The usual case, a completion for today or a later day, needs no sort.
  return last === undefined || last < day ? [...playedDays, day] : [...playedDays, day].sort();
}

/**
 * The streaks of the family's played days (sorted, unique): the current streak is the run of
 * consecutive days ending at the latest played day, the longest the longest such run. So a
 * completion counts for its own day whatever order completions arrive in: one made offline on a
 * missed day and synced later bridges the runs on either side of it. For completions arriving in
 * date order this is spec §4 Streak step by step (`nextStreak`).
 */
export function streaksOf(playedDays: readonly string[]): StreakState {
  let run = 0;
  let longestStreak = 0;
  let previous: string | undefined;
  for (const day of playedDays) {
    run = previous !== undefined && dayGap(previous, day) === 1 ? run + 1 : 1;
    longestStreak = Math.max(longestStreak, run);
    previous = day;
  }
  return { currentStreak: run, longestStreak, lastActivityDate: previous ?? null };
}

/**
 * The streak after an activity on `day`, from the stats alone (spec §4 Streak): no previous date
 * → 1; a gap of exactly one day → +1; more → back to 1; same day → unchanged. This is what
 * `streaksOf` gives for days arriving in date order. A day before the last activity date may
 * bridge runs the stats do not show, so it leaves them as they are: the app uses this for a
 * completion queued offline until the server, which keeps the played days, answers.
 */
export function nextStreak(state: StreakState, day: string): StreakState {
  if (state.lastActivityDate === null) {
    return {
      currentStreak: 1,
      longestStreak: Math.max(state.longestStreak, 1),
      lastActivityDate: day,
    };
  }
  const gap = dayGap(state.lastActivityDate, day);
  if (gap <= 0) return state;
  const currentStreak = gap === 1 ? state.currentStreak + 1 : 1;
  return {
    currentStreak,
    longestStreak: Math.max(state.longestStreak, currentStreak),
    lastActivityDate: day,
  };
}
