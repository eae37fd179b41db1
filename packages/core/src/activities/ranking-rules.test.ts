import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedTelAvivWeather } from '../weather/weather.ts';
import { ageCoverage, ageStanding } from './age-coverage.ts';
import { activityTopics, interestKeys, matchesInterest } from './interests.ts';
import { SKILLS } from './practical-fields.ts';
import {
  BALANCE_DAYS,
  RECENTLY_DONE_HOURS,
  SCORE_MAX,
  littlePlayedSkills,
  rankActivities,
  recommendActivities,
  type RecommendationChild,
  type RecommendationInput,
} from './recommend.ts';
import type { TActivity, TSkill, TWeatherCondition } from './schema.ts';
import { makeActivity } from './test-activity.ts';

// Issue 29: made-up weather steered the suggestions, ages the catalogue cannot serve got claims of
// a fit, interests never showed, the top 6 were of one kind, and the activity just done led.

const child = (
  id: string,
  age: number,
  more: { name?: string; interests?: string[] } = {},
): RecommendationChild => ({
  id,
  name: more.name ?? `Child ${id}`,
  age,
  interests: more.interests ?? [],
  preferences: { indoorOutdoor: 'both', favoriteTypes: [] },
});

const CONDITIONS: readonly TWeatherCondition[] = [
  'sunny',
  'cloudy',
  'rainy',
  'snowy',
  'windy',
  'stormy',
];
const CATEGORIES = ['nature', 'social', 'creative-arts', 'educational', 'music', 'games', 'sport'];

const arbActivity = fc
  .record({
    duration: fc.integer({ min: 5, max: 90 }),
    min: fc.integer({ min: 1, max: 12 }),
    span: fc.integer({ min: 0, max: 11 }),
    location: fc.constantFrom('indoor', 'outdoor', 'both') as fc.Arbitrary<TActivity['location']>,
    difficulty: fc.constantFrom('easy', 'medium', 'hard') as fc.Arbitrary<TActivity['difficulty']>,
    weather: fc.subarray(['any', 'sunny', 'rainy', 'cloudy', 'snowy'] as const, { minLength: 1 }),
    category: fc.constantFrom(...CATEGORIES),
    tags: fc.subarray(['drawing', 'music', 'science', 'running', 'books'], { maxLength: 2 }),
    energyLevel: fc.constantFrom('Low', 'Medium', 'High') as fc.Arbitrary<TActivity['energyLevel']>,
  })
  .map((r) => ({ ...r, ageRange: [r.min, Math.min(12, r.min + r.span)] as [number, number] }));

const arbInput = fc
  .record({
    specs: fc.array(arbActivity, { maxLength: 40 }),
    ages: fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 4 }),
    interests: fc.array(fc.subarray(['drawing', 'music', 'sports', 'dinosaurs']), {
      maxLength: 4,
    }),
    timeAvailable: fc.integer({ min: 5, max: 180 }),
    location: fc.constantFrom('indoor', 'outdoor', 'both', undefined),
    energyLevel: fc.constantFrom('low', 'medium', 'high', undefined),
    favorites: fc.array(fc.nat({ max: 39 })),
    tried: fc.array(fc.nat({ max: 39 })),
    done: fc.array(fc.nat({ max: 39 }), { maxLength: 4 }),
    evening: fc.boolean(),
  })
  .map((r): RecommendationInput => ({
    activities: r.specs.map((s, i) =>
      makeActivity({ id: `a${i}`, ...s, weather: [...s.weather], tags: [...s.tags] }),
    ),
    children: r.ages.map((age, i) =>
      child(`c${i}`, age, { name: `Kid${i}`, interests: r.interests[i] ?? [] }),
    ),
    timeAvailable: r.timeAvailable,
    location: r.location as TActivity['location'] | undefined,
    energyLevel: r.energyLevel,
    favoriteActivityIds: r.favorites.map((i) => `a${i}`),
    triedActivityIds: r.tried.map((i) => `a${i}`),
    daylight: { afterDark: false, evening: r.evening },
    recentPlay: {
      now: '2026-12-05T16:00:00.000Z',
      completions: r.done.map((i) => ({
        activityId: `a${i}`,
        completedAt: '2026-12-05T10:00:00.000Z',
      })),
    },
  }));

const ids = (input: RecommendationInput) =>
  recommendActivities(input).recommendations.map((r) => r.activity.id);

describe('fallback weather never steers (issue 29, DESIGN)', () => {
  it('fallback weather changes no order: a fixed or fallback reading ranks exactly as no weather at all', () => {
    fc.assert(
      fc.property(
        arbInput,
        fc.constantFrom(...CONDITIONS),
        fc.constantFrom('fixed', 'fallback') as fc.Arbitrary<'fixed' | 'fallback'>,
        (input, condition, source) => {
          const reading = { ...fixedTelAvivWeather('metric', source, 'x'), condition };
          const unknown = recommendActivities(input);
          expect(recommendActivities({ ...input, weatherReading: reading })).toEqual(unknown);
          expect(rankActivities({ ...input, weatherReading: reading })).toEqual(
            rankActivities(input),
          );
          expect(unknown.basis.weather).toBeNull();
        },
      ),
    );
  });

  it('with unknown weather no reason speaks of weather, and every activity gets the same weather points', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const reading = fixedTelAvivWeather('metric', 'fallback', 'x');
        const { ranked } = rankActivities({ ...input, weatherReading: reading });
        for (const r of ranked) {
          expect(r.reasons.join(' ')).not.toMatch(/weather|sunny|rain|cloud|snow|wind|storm/i);
        }
      }),
    );
  });

  it('unknown weather leaves out only the activities that need rain, snow or wind to happen', () => {
    const activities = [
      makeActivity({ id: 'snow-fort', weatherDependent: true, weather: ['snowy'] }),
      makeActivity({ id: 'puddles', weatherDependent: true, weather: ['rainy'] }),
      makeActivity({ id: 'picnic', weatherDependent: true, weather: ['sunny', 'cloudy'] }),
      makeActivity({ id: 'puzzle', weather: ['any'] }),
    ];
    const input = { activities, children: [child('a', 5)] };
    const fallback = fixedTelAvivWeather('metric', 'fallback', 'x');
    expect(ids({ ...input, weatherReading: fallback })).toEqual(['picnic', 'puzzle']);
    expect(ids({ ...input, weatherReading: { ...fallback, source: 'open-meteo' } })).toEqual([
      'picnic',
      'puzzle',
      'snow-fort',
      'puddles',
    ]);
    expect(ids({ ...input, weather: 'snowy' })).toContain('snow-fort');
  });

  it('a live reading does steer: the weather the parent sees is the weather ranked for', () => {
    const activities = [
      makeActivity({ id: 'indoor-any', location: 'indoor', weather: ['cloudy'] }),
      makeActivity({ id: 'sun', location: 'outdoor', weather: ['sunny'] }),
    ];
    const input = { activities, children: [child('a', 5)] };
    const live = { condition: 'sunny' as const, source: 'open-meteo' as const };
    expect(ids({ ...input, weatherReading: live })).toEqual(['sun', 'indoor-any']);
    expect(recommendActivities({ ...input, weatherReading: live }).basis.weather).toBe('sunny');
    expect(ids({ ...input, weatherReading: { ...live, source: 'fallback' } })).toEqual([
      'indoor-any',
      'sun',
    ]);
    // The weather the parent chose wins over any reading.
    expect(
      recommendActivities({ ...input, weather: 'rainy', weatherReading: live }).basis.weather,
    ).toBe('rainy');
  });
});

describe('ages the catalogue cannot serve (issue 29)', () => {
  it('the labels never claim a fit that is not there: every child a reason calls it "just right" or "best" for is within its range', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const byName = new Map(input.children.map((c) => [c.name, c]));
        for (const r of recommendActivities(input).recommendations) {
          const [min, max] = r.activity.ageRange;
          for (const reason of r.reasons) {
            const claim = /^(?:Just right for|Best for) ([^;]+)/.exec(reason)?.[1];
            if (claim === undefined) continue;
            for (const name of claim.split(/, | and /)) {
              const named = byName.get(name);
              expect(named, `${reason} names ${name}`).toBeDefined();
              expect(named!.age).toBeGreaterThanOrEqual(min);
              expect(named!.age).toBeLessThanOrEqual(max);
            }
          }
        }
      }),
    );
  });

  it('the average is of the children the activities serve: older ones help and never move it', () => {
    fc.assert(
      fc.property(arbInput, fc.integer({ min: 13, max: 17 }), (input, teen) => {
        const cover = ageCoverage(input.activities);
        fc.pre(cover !== null && cover.oldest < teen);
        const withTeen = { ...input, children: [...input.children, child('teen', teen)] };
        const served = input.children.filter((c) => ageStanding(c.age, cover) === 'served');
        fc.pre(served.length > 0);
        const result = recommendActivities(withTeen);
        expect(result.basis.helperIds).toContain('teen');
        expect(result.basis.age).toBe(recommendActivities(input).basis.age);
      }),
    );
  });
});

describe("the children's interests (issue 29)", () => {
  const drawing = makeActivity({ id: 'drawing', tags: ['drawing'], category: 'creative-arts' });
  const plain = makeActivity({ id: 'plain', category: 'social' });

  it('an interest adds 10 points, on top of the §9 weights, with a reason naming the child and the interest', () => {
    const without = rankActivities({ activities: [plain, drawing], children: [child('m', 6)] });
    const withInterest = rankActivities({
      activities: [plain, drawing],
      children: [child('m', 6, { name: 'Mia', interests: ['drawing'] })],
    });
    expect(without.ranked.map((r) => r.activity.id)).toEqual(['plain', 'drawing']);
    expect(withInterest.ranked.map((r) => r.activity.id)).toEqual(['drawing', 'plain']);
    const scoreOf = (result: typeof without, id: string) =>
      result.ranked.find((r) => r.activity.id === id)!.score;
    expect(scoreOf(withInterest, 'drawing') - scoreOf(without, 'drawing')).toBe(SCORE_MAX.interest);
    expect(withInterest.ranked[0]?.reasons).toContain('Mia loves drawing');
  });

  it('interest points are bounded: interests never add more than 10 to any activity', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const without = {
          ...input,
          children: input.children.map((c) => ({ ...c, interests: [] })),
        };
        const scores = new Map(rankActivities(without).ranked.map((r) => [r.activity.id, r.score]));
        for (const r of rankActivities(input).ranked) {
          const gain = r.score - (scores.get(r.activity.id) ?? r.score);
          expect(gain).toBeGreaterThanOrEqual(-0.001);
          expect(gain).toBeLessThanOrEqual(SCORE_MAX.interest + 0.001);
        }
      }),
    );
  });

  it('interests match tags, categories and title words, singular or plural; the suggested ones stand for more', () => {
    const dig = makeActivity({ id: 'dig', title: 'Dinosaur Fossil Dig', category: 'nature' });
    expect(matchesInterest(activityTopics(dig), interestKeys('Dinosaurs'))).toBe(true);
    expect(matchesInterest(activityTopics(dig), interestKeys('nature'))).toBe(true);
    const football = makeActivity({ id: 'f', category: 'physical-activity', tags: ['ball-games'] });
    expect(matchesInterest(activityTopics(football), interestKeys('sports'))).toBe(true);
    expect(matchesInterest(activityTopics(football), interestKeys('Sport'))).toBe(true);
    expect(matchesInterest(activityTopics(football), interestKeys('reading'))).toBe(false);
  });
});

describe('the top 6 are varied (issue 29: 21 of 24 suggestions were physical)', () => {
  // One child the activities serve, nothing done recently: every eligible activity in one tier.
  const oneTier = fc
    .tuple(arbInput, fc.integer({ min: 1, max: 12 }), fc.array(arbActivity, { maxLength: 30 }))
    .map(([input, age, more]) => ({
      ...input,
      activities: [
        ...input.activities,
        // Many around the child's age, so that six categories often qualify.
        ...more.map((s, i) =>
          makeActivity({
            id: `m${i}`,
            ...s,
            ageRange: [Math.min(s.ageRange[0], age), Math.max(s.ageRange[1], age)],
            weather: [...s.weather],
            tags: [...s.tags],
          }),
        ),
      ],
      children: [child('only', age, { name: 'Only', interests: ['music'] })],
      recentPlay: undefined,
    }));
  const count = (list: readonly { activity: TActivity }[], category: string) =>
    list.filter((r) => r.activity.category === category).length;

  it('no category twice in the top 6 when at least 6 categories qualify', () => {
    fc.assert(
      fc.property(oneTier, (input) => {
        const qualifying = new Set(rankActivities(input).ranked.map((r) => r.activity.category));
        fc.pre(qualifying.size >= 6);
        const { recommendations } = recommendActivities(input);
        expect(new Set(recommendations.map((r) => r.activity.category)).size).toBe(6);
      }),
    );
  });

  it('a category repeats only when the filters leave no choice: one with an eligible activity left out is never two behind another', () => {
    fc.assert(
      fc.property(oneTier, (input) => {
        const { recommendations } = recommendActivities(input);
        const shown = new Set(recommendations.map((r) => r.activity.id));
        const leftOut = rankActivities(input).ranked.filter((r) => !shown.has(r.activity.id));
        for (const other of new Set(leftOut.map((r) => r.activity.category))) {
          for (const r of recommendations) {
            expect(count(recommendations, r.activity.category)).toBeLessThanOrEqual(
              count(recommendations, other) + 1,
            );
          }
        }
      }),
    );
  });

  it('the distinctive reason leads: each card starts with the reason the fewest cards share', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const { recommendations } = recommendActivities(input);
        const shared = (reason: string) =>
          recommendations.filter((r) => r.reasons.includes(reason)).length;
        for (const { reasons } of recommendations) {
          const [lead] = reasons;
          if (lead === undefined) continue;
          for (const reason of reasons) expect(shared(lead)).toBeLessThanOrEqual(shared(reason));
        }
      }),
    );
  });
});

describe('the activity just done (issue 29: it came back on top)', () => {
  const now = '2026-12-05T16:00:00.000Z';
  const hoursAgo = (hours: number) =>
    new Date(Date.parse(now) - hours * 60 * 60 * 1000).toISOString();

  it('an activity done in the last day is in the top 6 only when fewer than 6 others are eligible', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        fc.pre(input.children.length > 0);
        const done = new Set(input.recentPlay?.completions.map((c) => c.activityId));
        const { ranked } = rankActivities(input);
        const others = ranked.filter((r) => !done.has(r.activity.id)).length;
        const { recommendations } = recommendActivities(input);
        for (const r of recommendations) {
          if (done.has(r.activity.id)) {
            expect(others).toBeLessThan(6);
            expect(r.reasons).toContain('You played this recently');
            expect(r.reasons).not.toContain("You've tried this before");
          }
        }
      }),
    );
  });

  it('done today it moves out of the top 6; done long ago it is back, "tried" then', () => {
    const activities = Array.from({ length: 8 }, (_, i) =>
      makeActivity({ id: `a${i}`, category: `c${i}`, duration: 30 + i }),
    );
    const input = {
      activities,
      children: [child('m', 5)],
      triedActivityIds: ['a0'],
    };
    expect(ids(input)[0]).toBe('a0');
    const today = { completions: [{ activityId: 'a0', completedAt: hoursAgo(1) }], now };
    expect(ids({ ...input, recentPlay: today })).not.toContain('a0');
    const longAgo = {
      completions: [{ activityId: 'a0', completedAt: hoursAgo(RECENTLY_DONE_HOURS + 1) }],
      now,
    };
    expect(ids({ ...input, recentPlay: longAgo })[0]).toBe('a0');
    // With little else to choose from it still comes, last, and says why it is there.
    const few = { ...input, activities: activities.slice(0, 3), recentPlay: today };
    const result = recommendActivities(few);
    expect(result.recommendations.map((r) => r.activity.id)).toEqual(['a1', 'a2', 'a0']);
    expect(result.recommendations[2]?.reasons[0]).not.toBe("You've tried this before");
  });
});

describe('balance: a skill a child has played little lately (issue 35)', () => {
  const now = '2026-12-05T16:00:00.000Z';
  const daysAgo = (days: number) => new Date(Date.parse(now) - days * 86_400_000).toISOString();
  const maya = child('m', 5, { name: 'Maya' });
  const leo = child('l', 6, { name: 'Leo' });
  const plays = (childIds: string[], activityId: string, days: number[]) =>
    days.map((d) => ({ activityId, completedAt: daysAgo(d), childIds }));
  const crafts = makeActivity({ id: 'crafts', skills: ['creative', 'fine-motor'] });
  const story = makeActivity({ id: 'story', skills: ['language'], category: 'educational' });
  const paint = makeActivity({ id: 'paint', skills: ['creative'], category: 'nature' });
  const activities = [crafts, paint, story];
  const scoreOf = (input: RecommendationInput, id: string) =>
    rankActivities(input).ranked.find((r) => r.activity.id === id)!;

  it('a skill played little this week adds 10 points, with a reason naming the child and the skill', () => {
    const input: RecommendationInput = {
      activities,
      children: [maya],
      recentPlay: { now, completions: plays(['m'], 'crafts', [1, 2, 3, 4]) },
    };
    const unnamed: RecommendationInput = {
      ...input,
      recentPlay: { now, completions: plays([], 'crafts', [1, 2, 3, 4]) },
    };
    const balanced = scoreOf(input, 'story');
    expect(balanced.score - scoreOf(unnamed, 'story').score).toBe(SCORE_MAX.balance);
    expect(balanced.reasons).toContain("Maya hasn't done much language play this week");
    // Creative play is what she did: no boost, no reason.
    expect(scoreOf(input, 'paint').score).toBe(scoreOf(unnamed, 'paint').score);
    expect(scoreOf(input, 'paint').reasons.join(' ')).not.toMatch(/this week/);
    expect(rankActivities(input).ranked[0]?.activity.id).toBe('story');
  });

  it('names every child who plays and has played it little, and only the children who play', () => {
    const completions = [
      ...plays(['m', 'l'], 'crafts', [1, 2, 3]),
      // Leo read a story alone: language is not little for him.
      ...plays(['l'], 'story', [1, 2]),
    ];
    const both = { activities, children: [maya, leo], recentPlay: { now, completions } };
    expect(scoreOf(both, 'story').reasons).toContain(
      "Maya hasn't done much language play this week",
    );
    const twins = {
      ...both,
      recentPlay: { now, completions: plays(['m', 'l'], 'crafts', [1, 2, 3]) },
    };
    expect(scoreOf(twins, 'story').reasons).toContain(
      "Maya and Leo haven't done much language play this week",
    );
    // With Leo picked, Maya's week does not count.
    const leoAlone = { ...both, childId: 'l' };
    expect(scoreOf(leoAlone, 'story').reasons.join(' ')).not.toMatch(/this week/);
  });

  it('too little play, play older than a week, or completions naming no child: no balance', () => {
    const few = littlePlayedSkills(plays(['m'], 'crafts', [1, 2]), now, activities, ['m']);
    expect(few.size).toBe(0);
    const old = plays(['m'], 'crafts', [BALANCE_DAYS + 1, BALANCE_DAYS + 2, BALANCE_DAYS + 3]);
    expect(littlePlayedSkills(old, now, activities, ['m']).size).toBe(0);
    const unnamed = plays([], 'crafts', [1, 2, 3]);
    expect(littlePlayedSkills(unnamed, now, activities, ['m']).size).toBe(0);
    // An activity no longer there (a deleted own one) has no known skills: it is not play counted.
    const gone = plays(['m'], 'deleted', [1, 2, 3]);
    expect(littlePlayedSkills(gone, now, activities, ['m']).size).toBe(0);
    const week = plays(['m'], 'crafts', [1, 2, 3]);
    expect(littlePlayedSkills(week, now, activities, ['m']).get('m')).toEqual([
      'gross-motor',
      'language',
      'thinking',
      'social-emotional',
    ]);
  });

  it('play spread evenly over the six skills leaves none played little', () => {
    const each = SKILLS.map((skill) => makeActivity({ id: skill, skills: [skill] }));
    const completions = each.map((a, i) => ({
      activityId: a.id,
      completedAt: daysAgo(i / 2),
      childIds: ['m'],
    }));
    expect(littlePlayedSkills(completions, now, each, ['m']).size).toBe(0);
  });

  // Random weeks of play for up to four children over random activities with random skills.
  const arbSkills = fc.subarray([...SKILLS], { minLength: 1, maxLength: 3 });
  const arbBalanceInput = fc
    .tuple(
      arbInput,
      fc.array(arbSkills, { minLength: 40, maxLength: 40 }),
      fc.array(
        fc.record({
          activity: fc.nat({ max: 39 }),
          days: fc.double({ min: 0, max: BALANCE_DAYS + 2, noNaN: true }),
          children: fc.subarray(['c0', 'c1', 'c2', 'c3']),
        }),
        { maxLength: 30 },
      ),
    )
    .map(([input, skills, completions]): RecommendationInput => ({
      ...input,
      activities: input.activities.map((a, i) => ({ ...a, skills: skills[i] as TSkill[] })),
      recentPlay: {
        now,
        completions: completions.map((c) => ({
          activityId: `a${c.activity}`,
          completedAt: daysAgo(c.days),
          childIds: c.children,
        })),
      },
    }));
  /** The same input with no completion naming a child: the ranking without the balance. */
  const withoutBalance = (input: RecommendationInput): RecommendationInput => ({
    ...input,
    recentPlay: input.recentPlay && {
      ...input.recentPlay,
      completions: input.recentPlay.completions.map((c) => ({ ...c, childIds: [] })),
    },
  });

  it('the boost is bounded: it adds 0 to 10 points, and says why whenever it adds any', () => {
    fc.assert(
      fc.property(arbBalanceInput, (input) => {
        const base = new Map(
          rankActivities(withoutBalance(input)).ranked.map((r) => [r.activity.id, r.score]),
        );
        for (const r of rankActivities(input).ranked) {
          const gain = r.score - base.get(r.activity.id)!;
          expect(gain).toBeGreaterThanOrEqual(-0.001);
          expect(gain).toBeLessThanOrEqual(SCORE_MAX.balance + 0.001);
          expect(r.reasons.some((reason) => reason.endsWith('play this week'))).toBe(gain > 0.001);
        }
      }),
    );
  });

  it('the boost never outranks a better-fitting activity by more than its bound: one whose other points are more than 10 higher stays ahead in its tier', () => {
    fc.assert(
      fc.property(arbBalanceInput, (input) => {
        const base = new Map(
          rankActivities(withoutBalance(input)).ranked.map((r) => [r.activity.id, r.score]),
        );
        const ranked = rankActivities(input).ranked;
        ranked.forEach((later, at) => {
          for (const earlier of ranked.slice(0, at)) {
            if (earlier.tier !== later.tier) continue;
            // Whatever came first, it was not more than the bound worse before the balance.
            expect(
              base.get(later.activity.id)! - base.get(earlier.activity.id)!,
            ).toBeLessThanOrEqual(SCORE_MAX.balance + 0.001);
          }
        });
      }),
    );
  });

  it('the tiers stand: the balance moves activities only within their tier', () => {
    fc.assert(
      fc.property(arbBalanceInput, (input) => {
        const tiers = (i: RecommendationInput) =>
          new Map(rankActivities(i).ranked.map((r) => [r.activity.id, r.tier]));
        expect(tiers(input)).toEqual(tiers(withoutBalance(input)));
      }),
    );
  });
});
