import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '../activities/schema.ts';
import { localDay } from './calendar.ts';
import { ACHIEVEMENTS } from './definitions.ts';
import {
  applyCompletion,
  EMPTY_PROGRESS,
  familyStats,
  listAchievements,
  playByChild,
  playByMember,
  replayCompletions,
  totalPoints,
  withChildrenPlay,
  withPlayedDays,
} from './progress.ts';
import { ZProgressState, type TCompletion, type TProgressState } from './schema.ts';
import { streaksOf } from './streak.ts';

const UTC = 'UTC';

const pick = ({ currentStreak, longestStreak, lastActivityDate }: TProgressState) => ({
  currentStreak,
  longestStreak,
  lastActivityDate,
});

function completion(overrides: Partial<TCompletion> = {}): TCompletion {
  return {
    activityId: 'cardboard-box-castle',
    category: 'creative-arts',
    location: 'indoor',
    weather: null,
    minutes: 10,
    completedAt: '2026-05-11T12:00:00Z',
    ...overrides,
  };
}

/** Noon UTC on the n-th day after 2026-05-11 (a Monday). */
const noonOnDay = (n: number) => new Date(Date.UTC(2026, 4, 11 + n, 12)).toISOString();

function applyAll(completions: readonly TCompletion[], timeZone = UTC) {
  let state = EMPTY_PROGRESS;
  const unlockedPerStep: string[][] = [];
  for (const c of completions) {
    const outcome = applyCompletion(state, c, timeZone);
    state = outcome.state;
    unlockedPerStep.push(outcome.newlyUnlocked);
  }
  return { state, unlockedPerStep };
}

const definition = (id: string) => {
  const found = ACHIEVEMENTS.find((a) => a.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('§4 achievements of the spec', () => {
  it("§4 first-activity 'First Steps' (10 points) unlocks at exactly 1 activity", () => {
    const { unlockedPerStep, state } = applyAll([completion(), completion()]);
    expect(unlockedPerStep[0]).toContain('first-activity');
    expect(unlockedPerStep[1]).not.toContain('first-activity');
    expect(state.unlocked.filter((id) => id === 'first-activity')).toHaveLength(1);
    expect(definition('first-activity')).toMatchObject({ title: 'First Steps', points: 10 });
  });

  it('§4 first-activity: a state past 1 activity does not meet "exactly 1"', () => {
    const state: TProgressState = { ...EMPTY_PROGRESS, totalActivities: 2 };
    expect(definition('first-activity').isMet(state)).toBe(false);
    expect(definition('first-activity').isMet({ ...state, totalActivities: 1 })).toBe(true);
  });

  it("§4 streak-3 'Getting Started' (20 points) unlocks when the streak is exactly 3", () => {
    const { unlockedPerStep } = applyAll(
      [0, 1, 2, 3].map((d) => completion({ completedAt: noonOnDay(d) })),
    );
    expect(unlockedPerStep[1]).not.toContain('streak-3');
    expect(unlockedPerStep[2]).toContain('streak-3');
    expect(unlockedPerStep[3]).not.toContain('streak-3');
    expect(definition('streak-3')).toMatchObject({ title: 'Getting Started', points: 20 });
  });

  it('§4 streak-3 is not unlocked by three activities on two days', () => {
    const days = [0, 0, 1].map((d) => completion({ completedAt: noonOnDay(d) }));
    expect(applyAll(days).state.unlocked).not.toContain('streak-3');
  });

  it("§4 streak-7 'Week Warrior' (50 points) unlocks when the streak is exactly 7", () => {
    const week = Array.from({ length: 8 }, (_, d) => completion({ completedAt: noonOnDay(d) }));
    const { unlockedPerStep } = applyAll(week);
    expect(unlockedPerStep[5]).not.toContain('streak-7');
    expect(unlockedPerStep[6]).toContain('streak-7');
    expect(unlockedPerStep[7]).not.toContain('streak-7');
    expect(definition('streak-7')).toMatchObject({ title: 'Week Warrior', points: 50 });
  });

  it('§4 streak-3 and streak-7: a late day that takes the streak past N in one step unlocks them then', () => {
    // Mon-Tue and Thu-Fri, then Wednesday synced late: 2 → 5.
    const { state, unlockedPerStep } = applyAll(
      [0, 1, 3, 4, 2].map((d) => completion({ completedAt: noonOnDay(d) })),
    );
    expect(unlockedPerStep.slice(0, 4).flat()).not.toContain('streak-3');
    expect(unlockedPerStep[4]).toContain('streak-3');
    expect(state).toMatchObject({ currentStreak: 5, longestStreak: 5 });
    // Days 0-2 and 4-7 (streak 4), then day 3 late: 4 → 8 unlocks the week.
    const week = applyAll(
      [0, 1, 2, 4, 5, 6, 7, 3].map((d) => completion({ completedAt: noonOnDay(d) })),
    );
    expect(week.unlockedPerStep.slice(0, 7).flat()).not.toContain('streak-7');
    expect(week.unlockedPerStep[7]).toEqual(['streak-7']);
    expect(week.state).toMatchObject({ currentStreak: 8, longestStreak: 8 });
  });

  it('§4 streak-3: a late day completing an earlier run of 3 unlocks it, the current streak aside', () => {
    const { state, unlockedPerStep } = applyAll(
      [0, 2, 5, 1].map((d) => completion({ completedAt: noonOnDay(d) })),
    );
    expect(unlockedPerStep[3]).toEqual(['streak-3']);
    expect(state).toMatchObject({ currentStreak: 1, longestStreak: 3 });
  });

  it('§4 streaks: a broken streak keeps unlocked achievements and never unlocks them twice', () => {
    const days = [0, 1, 2, 5, 6, 7].map((d) => completion({ completedAt: noonOnDay(d) }));
    const { state, unlockedPerStep } = applyAll(days);
    expect(unlockedPerStep.flat().filter((id) => id === 'streak-3')).toHaveLength(1);
    expect(state.unlocked).toContain('streak-3');
    expect(state.currentStreak).toBe(3);
  });

  it("§4 time-1-hour 'Quality Time' (30 points) unlocks at 60 minutes or more", () => {
    const at59 = applyAll([completion({ minutes: 59 })]).state;
    expect(at59.unlocked).not.toContain('time-1-hour');
    expect(
      applyAll([completion({ minutes: 59 }), completion({ minutes: 1 })]).state.unlocked,
    ).toContain('time-1-hour');
    expect(
      applyAll([completion({ minutes: 45 }), completion({ minutes: 45 })]).unlockedPerStep[1],
    ).toContain('time-1-hour');
    expect(definition('time-1-hour')).toMatchObject({ title: 'Quality Time', points: 30 });
  });

  it('§4 achievements: none is ever unlocked twice', () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      completion({ completedAt: noonOnDay(i), minutes: 90 }),
    );
    const { state } = applyAll(many);
    expect(new Set(state.unlocked).size).toBe(state.unlocked.length);
  });
});

describe('our achievements, each at its boundary', () => {
  it('has 16 achievements with unique ids, icons, points and progress in every category', () => {
    expect(ACHIEVEMENTS).toHaveLength(16);
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(16);
    expect(new Set(ACHIEVEMENTS.map((a) => a.category))).toEqual(
      new Set(['activities', 'streaks', 'milestones', 'special']),
    );
    for (const a of ACHIEVEMENTS) {
      expect(a.icon).toMatch(/^[a-z_]+$/);
      expect(a.points).toBeGreaterThan(0);
      expect(a.maxProgress).toBeGreaterThan(0);
      expect(a.progress(EMPTY_PROGRESS)).toBe(0);
    }
  });

  const counterCases: [string, keyof TProgressState][] = [
    ['activities-10', 'totalActivities'],
    ['activities-50', 'totalActivities'],
    ['activities-100', 'totalActivities'],
    ['time-10-hours', 'totalTimeSpent'],
    ['time-24-hours', 'totalTimeSpent'],
    ['rainy-day-outdoors', 'rainyOutdoorActivities'],
    ['early-birds', 'earlyActivities'],
    ['weekend-warriors', 'weekendActivities'],
  ];
  it.each(counterCases)('%s unlocks when %s reaches maxProgress, not one before', (id, field) => {
    const a = definition(id);
    const before = { ...EMPTY_PROGRESS, [field]: a.maxProgress - 1 };
    const at = { ...EMPTY_PROGRESS, [field]: a.maxProgress };
    expect(a.isMet(before)).toBe(false);
    expect(a.progress(before)).toBe(a.maxProgress - 1);
    expect(a.isMet(at)).toBe(true);
    expect(a.progress({ ...EMPTY_PROGRESS, [field]: a.maxProgress + 5 })).toBe(a.maxProgress);
  });

  it.each([
    ['streak-3', 3],
    ['streak-7', 7],
    ['streak-14', 14],
    ['streak-30', 30],
  ])('%s unlocks when the longest streak reaches %i; progress is the current streak', (id, n) => {
    const a = definition(id);
    const streaks = (currentStreak: number, longestStreak: number) => ({
      ...EMPTY_PROGRESS,
      currentStreak,
      longestStreak,
    });
    expect(a.isMet(streaks(n - 1, n - 1))).toBe(false);
    expect(a.isMet(streaks(n, n))).toBe(true);
    expect(a.isMet(streaks(n + 3, n + 3))).toBe(true);
    expect(a.isMet(streaks(1, n))).toBe(true);
    expect(a.progress(streaks(n - 1, n - 1))).toBe(n - 1);
    expect(a.progress(streaks(1, n - 1))).toBe(1);
    expect(a.progress(streaks(n + 5, n + 5))).toBe(n);
  });

  it('10 and 50 activities unlock at the 10th and 50th completion', () => {
    const { unlockedPerStep } = applyAll(
      Array.from({ length: 50 }, () => completion({ minutes: 1 })),
    );
    expect(unlockedPerStep[8]).not.toContain('activities-10');
    expect(unlockedPerStep[9]).toContain('activities-10');
    expect(unlockedPerStep[48]).not.toContain('activities-50');
    expect(unlockedPerStep[49]).toContain('activities-50');
  });

  it('variety-5 counts different activities only', () => {
    const same = Array.from({ length: 5 }, () => completion());
    expect(applyAll(same).state.unlocked).not.toContain('variety-5');
    const different = Array.from({ length: 5 }, (_, i) => completion({ activityId: `a${i}` }));
    const { unlockedPerStep } = applyAll(different);
    expect(unlockedPerStep[3]).not.toContain('variety-5');
    expect(unlockedPerStep[4]).toContain('variety-5');
  });

  it('all-categories needs each of the five built-in categories', () => {
    const fourBuiltIn = CATEGORY_IDS.slice(0, 4).map((category) => completion({ category }));
    const withOthers = [...fourBuiltIn, completion({ category: 'Creative Play' })];
    const state = applyAll(withOthers).state;
    expect(state.unlocked).not.toContain('all-categories');
    expect(definition('all-categories').progress(state)).toBe(4);
    const all = [...withOthers, completion({ category: CATEGORY_IDS[4] })];
    expect(applyAll(all).unlockedPerStep[5]).toContain('all-categories');
  });

  it('rainy-day-outdoors needs an outdoor activity while it rains', () => {
    const near = [
      completion({ location: 'indoor', weather: 'rainy' }),
      completion({ location: 'both', weather: 'rainy' }),
      completion({ location: 'outdoor', weather: 'cloudy' }),
      completion({ location: 'outdoor', weather: null }),
    ];
    expect(applyAll(near).state.unlocked).not.toContain('rainy-day-outdoors');
    const rain = applyAll([...near, completion({ location: 'outdoor', weather: 'rainy' })]);
    expect(rain.unlockedPerStep[4]).toContain('rainy-day-outdoors');
  });

  it('early-birds counts completions from 05:00 to before 08:00 local time', () => {
    const tz = 'Pacific/Auckland'; // NZST UTC+12 in June
    const times = ['2026-06-01T04:59:00+12:00', '2026-06-01T08:00:00+12:00'];
    expect(
      applyAll(
        times.map((t) => completion({ completedAt: t })),
        tz,
      ).state.earlyActivities,
    ).toBe(0);
    const early = [
      '2026-06-01T05:00:00+12:00',
      '2026-06-02T07:59:00+12:00',
      '2026-06-03T06:30:00+12:00',
    ];
    // In UTC these are the previous evening: only the family's timezone makes them early.
    const { unlockedPerStep } = applyAll(
      early.map((t) => completion({ completedAt: t })),
      tz,
    );
    expect(unlockedPerStep[1]).not.toContain('early-birds');
    expect(unlockedPerStep[2]).toContain('early-birds');
    expect(
      applyAll(
        early.map((t) => completion({ completedAt: t })),
        UTC,
      ).state.earlyActivities,
    ).toBe(0);
  });

  it('weekend-warriors counts Saturdays and Sundays in the family timezone', () => {
    // Friday 2026-05-15 23:30 in Los Angeles is Saturday in UTC: not a weekend completion there.
    const fridayNight = completion({ completedAt: '2026-05-16T06:30:00Z' });
    expect(applyAll([fridayNight], 'America/Los_Angeles').state.weekendActivities).toBe(0);
    expect(applyAll([fridayNight], UTC).state.weekendActivities).toBe(1);
    const weekend = [5, 6, 5, 6, 12].map((d) => completion({ completedAt: noonOnDay(d) }));
    const { unlockedPerStep } = applyAll(weekend);
    expect(unlockedPerStep[3]).not.toContain('weekend-warriors');
    expect(unlockedPerStep[4]).toContain('weekend-warriors');
  });
});

describe('§3 family stats', () => {
  it('§3 family stats: zeros and no date for a new family', () => {
    expect(familyStats(EMPTY_PROGRESS, 0)).toEqual({
      totalActivities: 0,
      currentStreak: 0,
      longestStreak: 0,
      totalPoints: 0,
      achievementsUnlocked: 0,
      totalTimeSpent: 0,
      favoriteActivities: 0,
      lastActivityDate: null,
      byMember: [],
      byChild: [],
    });
  });

  it('issue 29: stats say how much each child played: every current child in order, zero included', () => {
    const children = [
      { id: 'noa', name: 'Noa' },
      { id: 'eli', name: 'Eli' },
    ];
    const played = [
      { childId: 'gone', activities: 4, minutes: 40 },
      { childId: 'eli', activities: 2, minutes: 25 },
    ];
    expect(playByChild(children, played)).toEqual([
      { childId: 'noa', name: 'Noa', activities: 0, minutes: 0 },
      { childId: 'eli', name: 'Eli', activities: 2, minutes: 25 },
    ]);
  });

  it('one more completion counts for each child it names, once', () => {
    const byChild = [
      { childId: 'noa', name: 'Noa', activities: 0, minutes: 0 },
      { childId: 'eli', name: 'Eli', activities: 2, minutes: 25 },
    ];
    expect(withChildrenPlay(byChild, ['eli', 'noa'], 10)).toEqual([
      { childId: 'noa', name: 'Noa', activities: 1, minutes: 10 },
      { childId: 'eli', name: 'Eli', activities: 3, minutes: 35 },
    ]);
    expect(withChildrenPlay(byChild, [], 10)).toEqual(byChild);
  });

  it('stats say who played how much: current members first (zero included), then former ones', () => {
    const members = [
      { userId: 'owner', name: 'Ann' },
      { userId: 'sitter', name: 'Sam' },
    ];
    const played = [
      { userId: 'gone-1', name: 'Old', activities: 1, minutes: 10 },
      { userId: 'owner', name: 'Ann', activities: 3, minutes: 60 },
      { userId: 'gone-2', name: 'Older', activities: 2, minutes: 5 },
    ];
    expect(playByMember(members, played)).toEqual([
      { userId: 'owner', name: 'Ann', activities: 3, minutes: 60 },
      { userId: 'sitter', name: 'Sam', activities: 0, minutes: 0 },
      { userId: 'gone-2', name: 'Older', activities: 2, minutes: 5 },
      { userId: 'gone-1', name: 'Old', activities: 1, minutes: 10 },
    ]);
  });

  it('§3 family stats: every field after a few completions', () => {
    const days = [0, 1, 2, 4].map((d) => completion({ completedAt: noonOnDay(d), minutes: 20 }));
    const stats = familyStats(replayCompletions(days, UTC), 3);
    expect(stats).toEqual({
      totalActivities: 4,
      currentStreak: 1,
      longestStreak: 3,
      // first-activity 10 + streak-3 20 + time-1-hour 30
      totalPoints: 60,
      achievementsUnlocked: 3,
      totalTimeSpent: 80,
      favoriteActivities: 3,
      lastActivityDate: '2026-05-15',
      byMember: [],
      byChild: [],
    });
  });

  it('§4 a late completion counts for its own day: totals, time and the streak it bridges', () => {
    const late = [
      completion({ completedAt: noonOnDay(1) }),
      completion({ completedAt: noonOnDay(3) }),
      completion({ completedAt: noonOnDay(2), minutes: 7 }),
    ];
    const state = replayCompletions(late, UTC);
    expect(state).toMatchObject({
      totalActivities: 3,
      totalTimeSpent: 27,
      playedDays: ['2026-05-12', '2026-05-13', '2026-05-14'],
      currentStreak: 3,
      longestStreak: 3,
      lastActivityDate: '2026-05-14',
    });
    expect(state.unlocked).toContain('streak-3');
  });

  it('an older state given its played days takes their streaks and unlocks what they meet', () => {
    // As a family stored before played days were kept: Mon and Wed, Tuesday logged late.
    const before: TProgressState = {
      ...replayCompletions(
        [0, 2].map((d) => completion({ completedAt: noonOnDay(d) })),
        UTC,
      ),
      totalActivities: 3,
    };
    const days = ['2026-05-11', '2026-05-12', '2026-05-13'];
    const { state, newlyUnlocked } = withPlayedDays(before, days);
    expect(newlyUnlocked).toEqual(['streak-3']);
    expect(state).toMatchObject({
      playedDays: days,
      currentStreak: 3,
      longestStreak: 3,
      lastActivityDate: '2026-05-13',
      totalActivities: 3,
      unlocked: ['first-activity', 'streak-3'],
    });
    // Days that change nothing change nothing.
    const inOrder = replayCompletions(
      [0, 1].map((d) => completion({ completedAt: noonOnDay(d) })),
      UTC,
    );
    expect(withPlayedDays(inOrder, inOrder.playedDays)).toEqual({
      state: inOrder,
      newlyUnlocked: [],
    });
  });
});

describe('achievement list', () => {
  it('lists unlocked ones newest unlockedAt first, then locked ones in definition order with progress', () => {
    const state = replayCompletions(
      [completion({ minutes: 30 }), completion({ minutes: 30, completedAt: noonOnDay(1) })],
      UTC,
    );
    const unlockedAt = new Map([
      ['first-activity', '2026-05-11T12:00:00.000Z'],
      ['time-1-hour', '2026-05-12T12:00:00.000Z'],
    ]);
    const list = listAchievements(state, 'u1', unlockedAt);
    expect(list).toHaveLength(16);
    expect(list.slice(0, 2).map((a) => a.id)).toEqual(['time-1-hour', 'first-activity']);
    expect(list[0]).toMatchObject({
      userId: 'u1',
      isUnlocked: true,
      progress: 60,
      maxProgress: 60,
    });
    const locked = list.slice(2);
    expect(locked.every((a) => !a.isUnlocked && a.unlockedAt === null)).toBe(true);
    expect(locked.map((a) => a.id)).toEqual(
      ACHIEVEMENTS.map((a) => a.id).filter((id) => !unlockedAt.has(id)),
    );
    expect(locked.find((a) => a.id === 'streak-3')).toMatchObject({ progress: 2, maxProgress: 3 });
  });
});

const arbCompletion: fc.Arbitrary<TCompletion> = fc.record({
  activityId: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
  category: fc.constantFrom(...CATEGORY_IDS, 'Learning'),
  location: fc.constantFrom('indoor' as const, 'outdoor' as const, 'both' as const),
  weather: fc.constantFrom(null, 'rainy' as const, 'sunny' as const),
  minutes: fc.integer({ min: 1, max: 600 }),
  completedAt: fc
    .date({
      min: new Date('2026-01-01T00:00:00Z'),
      max: new Date('2026-03-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
});
const arbTimeZone = fc.constantFrom(
  'UTC',
  'America/Los_Angeles',
  'Pacific/Auckland',
  'Asia/Kolkata',
);

describe('replay', () => {
  it('replaying any sequence from scratch gives the same stats as applying it one by one', () => {
    fc.assert(
      fc.property(fc.array(arbCompletion, { maxLength: 60 }), arbTimeZone, (completions, tz) => {
        // One by one as the server does: the state goes through its stored JSON form each time.
        let stored = JSON.stringify(EMPTY_PROGRESS);
        const unlockedOneByOne: string[] = [];
        for (const c of completions) {
          const outcome = applyCompletion(ZProgressState.parse(JSON.parse(stored)), c, tz);
          stored = JSON.stringify(outcome.state);
          unlockedOneByOne.push(...outcome.newlyUnlocked);
        }
        const replayed = replayCompletions(completions, tz);
        expect(ZProgressState.parse(JSON.parse(stored))).toEqual(replayed);
        expect(familyStats(replayed, 0)).toEqual(
          familyStats(ZProgressState.parse(JSON.parse(stored)), 0),
        );
        expect(replayed.unlocked).toEqual(unlockedOneByOne);
      }),
    );
  });

  it('for any order of arrival, the streaks and the streak achievements are those of the days played', () => {
    const streakIds = ACHIEVEMENTS.filter((a) => a.category === 'streaks').map((a) => a.id);
    fc.assert(
      fc.property(
        // The same completions in date order (all online) and in any order (synced late).
        fc
          .array(arbCompletion, { maxLength: 60 })
          .chain((completions) =>
            fc.tuple(
              fc.constant(completions),
              fc.shuffledSubarray(completions, { minLength: completions.length }),
            ),
          ),
        arbTimeZone,
        ([completions, shuffled], tz) => {
          const byDate = [...completions].sort((a, b) =>
            a.completedAt.localeCompare(b.completedAt),
          );
          const arrived = replayCompletions(shuffled, tz);
          const inOrder = replayCompletions(byDate, tz);
          const days = [...new Set(completions.map((c) => localDay(c.completedAt, tz)))].sort();
          expect(arrived.playedDays).toEqual(days);
          expect(pick(arrived)).toEqual(pick(inOrder));
          expect(pick(arrived)).toEqual(streaksOf(days));
          const streakUnlocks = (s: TProgressState) =>
            s.unlocked.filter((id) => streakIds.includes(id)).sort();
          expect(streakUnlocks(arrived)).toEqual(streakUnlocks(inOrder));
        },
      ),
    );
  });

  it('totals, points and unlocks stay consistent for any sequence', () => {
    fc.assert(
      fc.property(fc.array(arbCompletion, { maxLength: 60 }), arbTimeZone, (completions, tz) => {
        const state = replayCompletions(completions, tz);
        expect(state.totalActivities).toBe(completions.length);
        expect(state.totalTimeSpent).toBe(completions.reduce((sum, c) => sum + c.minutes, 0));
        expect(state.longestStreak).toBeGreaterThanOrEqual(state.currentStreak);
        expect(new Set(state.unlocked).size).toBe(state.unlocked.length);
        expect(familyStats(state, 0).totalPoints).toBe(totalPoints(state.unlocked));
        expect(state.unlocked.includes('first-activity')).toBe(completions.length > 0);
        expect(state.unlocked.includes('time-1-hour')).toBe(state.totalTimeSpent >= 60);
      }),
    );
  });
});
