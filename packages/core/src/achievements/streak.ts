import { dayGap } from './calendar.ts';

export interface StreakState {
  currentStreak: number;
  longestStreak: number;
  /** YYYY-MM-DD in the family's timezone, or null before the first activity. */
  lastActivityDate: string | null;
}

/**
 * The streak after an activity on `day` (spec §4 Streak): no previous date → 1; a gap of exactly
 * one day → +1; more → back to 1; same day → unchanged. A day before the last activity date
 * (a completion logged late) leaves the streak and the date alone.
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
