import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDay } from './calendar.ts';
import { applyCompletion, EMPTY_PROGRESS } from './progress.ts';
import type { TCompletion, TProgressState } from './schema.ts';
import { streaksOf } from './streak.ts';

/**
 * Issue 30, sync edges: a completion that syncs late, after another member completed on a later
 * day, counts in the streak as if it had arrived on time, and the "exactly 3/7" achievements
 * unlock on the recomputed streak, once. Completions are the family's, whoever made them: members
 * differ only in when their completions arrive, which is what these tests vary.
 */

const completionAt = (completedAt: string): TCompletion => ({
  activityId: 'cardboard-box-castle',
  category: 'creative-arts',
  location: 'indoor',
  weather: null,
  minutes: 10,
  completedAt,
});

/** Applies the completions in the order they reach the server. */
function arrive(instants: readonly string[], timeZone: string) {
  let state: TProgressState = EMPTY_PROGRESS;
  const unlockedPerStep: string[][] = [];
  for (const instant of instants) {
    const outcome = applyCompletion(state, completionAt(instant), timeZone);
    state = outcome.state;
    unlockedPerStep.push(outcome.newlyUnlocked);
  }
  return { state, unlockedPerStep };
}

const streaks = ({ currentStreak, longestStreak, lastActivityDate }: TProgressState) => ({
  currentStreak,
  longestStreak,
  lastActivityDate,
});

describe('late syncs near midnight in the family timezone', () => {
  it('Los Angeles: 23:50 local is that day, though UTC is already the next', () => {
    // A parent plays Mon 23:50 and Wed 00:10 PDT online; UTC reads Tue 06:50 and Wed 07:10.
    const monday = '2026-06-02T06:50:00Z';
    const wednesday = '2026-06-03T07:10:00Z';
    expect(localDay(monday, 'America/Los_Angeles')).toBe('2026-06-01');
    const online = arrive([monday, wednesday], 'America/Los_Angeles');
    expect(streaks(online.state)).toEqual({
      currentStreak: 1,
      longestStreak: 1,
      lastActivityDate: '2026-06-03',
    });
    // The other parent's Tuesday 23:59 PDT (Wed 06:59 UTC) arrives Wednesday evening.
    const tuesday = '2026-06-03T06:59:00Z';
    const synced = arrive([monday, wednesday, tuesday], 'America/Los_Angeles');
    expect(streaks(synced.state)).toEqual({
      currentStreak: 3,
      longestStreak: 3,
      lastActivityDate: '2026-06-03',
    });
    expect(synced.unlockedPerStep[2]).toContain('streak-3');
    // In UTC those three instants are two days: no run of three.
    expect(arrive([monday, wednesday, tuesday], 'UTC').state.longestStreak).toBe(2);
  });

  it('Auckland: 00:05 local is that day, though UTC is still the one before', () => {
    // NZST (UTC+12) in June: Fri 00:05 local is Thu 12:05 UTC.
    const thursday = '2026-06-10T11:30:00Z'; // Wed 23:30 local
    const friday = '2026-06-11T12:05:00Z'; // Fri 00:05 local
    const lateThursday = '2026-06-11T11:55:00Z'; // Thu 23:55 local, synced last
    const { state, unlockedPerStep } = arrive([thursday, friday, lateThursday], 'Pacific/Auckland');
    expect(state.playedDays).toEqual(['2026-06-10', '2026-06-11', '2026-06-12']);
    expect(streaks(state)).toMatchObject({ currentStreak: 3, longestStreak: 3 });
    expect(unlockedPerStep.flat().filter((id) => id === 'streak-3')).toEqual(['streak-3']);
  });
});

describe('streak achievements on the recomputed streak', () => {
  it('a late day that makes a week unlocks streak-7 then, and a later one unlocks nothing again', () => {
    const noon = (day: number) => new Date(Date.UTC(2026, 6, 1 + day, 12)).toISOString();
    // One member plays days 0-2 and 4-6 online; another's day 3 arrives after, twice (a retry
    // is a second completion of the same day), then day 7 online.
    const order = [0, 1, 2, 4, 5, 6, 3, 3, 7].map(noon);
    const { state, unlockedPerStep } = arrive(order, 'UTC');
    const streakUnlocks = unlockedPerStep.map((ids) =>
      ids.filter((id) => id.startsWith('streak-')),
    );
    expect(streakUnlocks).toEqual([[], [], ['streak-3'], [], [], [], ['streak-7'], [], []]);
    expect(streaks(state)).toMatchObject({ currentStreak: 8, longestStreak: 8 });
  });

  it('for any days, members and order of arrival: each unlocks once, at the first arrival whose days hold a run of N', () => {
    const day = fc.integer({ min: 0, max: 13 });
    // Several members: the same day may arrive more than once, in any order.
    fc.assert(
      fc.property(fc.array(day, { minLength: 1, maxLength: 25 }), (days) => {
        const noon = (d: number) => new Date(Date.UTC(2026, 0, 5 + d, 12)).toISOString();
        const { state, unlockedPerStep } = arrive(days.map(noon), 'UTC');
        for (const n of [3, 7]) {
          const id = `streak-${n}`;
          const steps = unlockedPerStep.flatMap((ids, step) => (ids.includes(id) ? [step] : []));
          const sortedDaysUpTo = (step: number) =>
            [...new Set(days.slice(0, step + 1))]
              .sort((a, b) => a - b)
              .map((d) => noon(d).slice(0, 10));
          const firstWithRun = days.findIndex(
            (_, step) => streaksOf(sortedDaysUpTo(step)).longestStreak >= n,
          );
          expect(steps).toEqual(firstWithRun < 0 ? [] : [firstWithRun]);
          expect(state.unlocked.filter((u) => u === id).length).toBe(firstWithRun < 0 ? 0 : 1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
