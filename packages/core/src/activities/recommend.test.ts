import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageReason,
  ageScore,
  calmScore,
  categoryScore,
  chooseVaried,
  energyScore,
  fitsEveryChild,
  locationScore,
  leadWithDistinctive,
  rankActivities,
  recommendActivities,
  timeScore,
  weatherScore,
  type RecommendationChild,
  type RecommendationInput,
} from './recommend.ts';
import { ageCoverage, ageStanding } from './age-coverage.ts';
import type { TActivity } from './schema.ts';
import { makeActivity } from './test-activity.ts';

const child = (
  id: string,
  age: number,
  prefs: Partial<RecommendationChild['preferences']> & { name?: string } = {},
): RecommendationChild => ({
  id,
  name: prefs.name ?? `Child ${id}`,
  age,
  preferences: {
    indoorOutdoor: prefs.indoorOutdoor ?? 'both',
    favoriteTypes: prefs.favoriteTypes ?? [],
  },
});

describe('§9 scoring components at their bounds', () => {
  it('§9 age closeness is 30 at the middle of the range, 0 at its ends and outside', () => {
    expect(ageScore(5, [3, 7])).toBe(30);
    expect(ageScore(3, [3, 7])).toBe(0);
    expect(ageScore(7, [3, 7])).toBe(0);
    expect(ageScore(4, [3, 7])).toBe(15);
    expect(ageScore(2, [3, 7])).toBe(0);
    expect(ageScore(4, [4, 4])).toBe(30);
  });

  it('§9 time closeness is 20 for an exact fit, 10 at half the time, 0 from twice the time', () => {
    expect(timeScore(30, 30)).toBe(20);
    expect(timeScore(15, 30)).toBe(10);
    expect(timeScore(45, 30)).toBe(10);
    expect(timeScore(60, 30)).toBe(0);
    expect(timeScore(90, 30)).toBe(0);
  });

  it("§9 location preference match is 15 when equal or either is 'both', else 0", () => {
    expect(locationScore('indoor', 'indoor')).toBe(15);
    expect(locationScore('both', 'outdoor')).toBe(15);
    expect(locationScore('outdoor', 'both')).toBe(15);
    expect(locationScore('outdoor', 'indoor')).toBe(0);
  });

  it("§9 weather match is 15 when the condition or 'any' is listed, else 0", () => {
    expect(weatherScore(makeActivity({ id: 'a', weather: ['rainy'] }), 'rainy')).toBe(15);
    expect(weatherScore(makeActivity({ id: 'a', weather: ['any'] }), 'stormy')).toBe(15);
    expect(weatherScore(makeActivity({ id: 'a', weather: ['sunny'] }), 'rainy')).toBe(0);
    expect(weatherScore(makeActivity({ id: 'a', weather: ['sunny'] }), null)).toBe(0);
  });

  it('§9 energy match is 10: low to easy, medium to medium, high to hard', () => {
    expect(energyScore('easy', 'low')).toBe(10);
    expect(energyScore('medium', 'medium')).toBe(10);
    expect(energyScore('hard', 'high')).toBe(10);
    expect(energyScore('hard', 'low')).toBe(0);
    expect(energyScore('easy', undefined)).toBe(0);
  });

  it('§9 category match is 10 by id or name, case-insensitively, else 0', () => {
    expect(categoryScore('nature', new Set(['nature']))).toBe(10);
    expect(categoryScore('creative-arts', new Set(['creative arts']))).toBe(10);
    expect(categoryScore('social', new Set(['nature']))).toBe(0);
  });
});

describe('§9 recommendations', () => {
  const activities: TActivity[] = [
    makeActivity({ id: 'toddler', ageRange: [2, 4] }),
    makeActivity({
      id: 'middle',
      ageRange: [4, 8],
      duration: 30,
      weather: ['rainy'],
      difficulty: 'hard',
      location: 'outdoor',
    }),
    makeActivity({ id: 'older', ageRange: [8, 12] }),
    makeActivity({ id: 'wide', ageRange: [2, 12], duration: 90, category: 'nature' }),
  ];

  it('§9 without children the first 6 activities are returned, unscored', () => {
    const catalogue = Array.from({ length: 8 }, (_, i) => makeActivity({ id: `a${i}` }));
    const result = recommendActivities({ activities: catalogue, children: [] });
    expect(result.recommendations.map((r) => r.activity.id)).toEqual(
      catalogue.slice(0, 6).map((a) => a.id),
    );
    expect(result.recommendations.every((r) => r.score === 0 && r.reasons.length === 0)).toBe(true);
    expect(result.basis.age).toBeNull();
  });

  it('§9 uses the average child age and only activities whose range includes it', () => {
    const result = recommendActivities({ activities, children: [child('a', 4), child('b', 8)] });
    expect(result.basis.age).toBe(6);
    expect(result.recommendations.map((r) => r.activity.id).sort()).toEqual(['middle', 'wide']);
  });

  it('§9 sums every component: a perfect match scores 30+20+15+15+10+10+10+5 = 115', () => {
    const perfect = makeActivity({
      id: 'perfect',
      ageRange: [4, 8],
      duration: 30,
      location: 'outdoor',
      weather: ['sunny'],
      difficulty: 'hard',
      category: 'nature',
    });
    const result = recommendActivities({
      activities: [perfect],
      children: [child('a', 6, { favoriteTypes: ['Nature'] })],
      timeAvailable: 30,
      location: 'outdoor',
      weather: 'sunny',
      energyLevel: 'high',
      favoriteActivityIds: ['perfect'],
      triedActivityIds: ['perfect'],
    });
    expect(result.recommendations[0]?.score).toBe(115);
    expect(result.recommendations[0]?.reasons).toEqual([
      'Just right for Child a',
      'Fits your 30 minutes',
      'Great outdoors',
      'Good for sunny days',
      'Suits high energy',
      'You like Nature',
      'One of your favourites',
      "You've tried this before",
    ]);
  });

  it("picking a child scores for that child's age and preferences", () => {
    const result = recommendActivities({
      activities,
      children: [
        child('small', 3),
        child('big', 10, { indoorOutdoor: 'outdoor', favoriteTypes: ['nature'] }),
      ],
      childId: 'big',
    });
    expect(result.basis).toMatchObject({ age: 10, childId: 'big', location: 'outdoor' });
    expect(result.recommendations.map((r) => r.activity.id)).toEqual(['older', 'wide']);
    expect(result.recommendations[1]?.reasons).toContain('You like Nature');
  });

  it('explicit values win over the family defaults, which win over 30 minutes and both', () => {
    const base: RecommendationInput = { activities, children: [child('a', 5)] };
    expect(recommendActivities(base).basis).toMatchObject({ timeAvailable: 30, location: 'both' });
    const withDefaults = { ...base, defaultTimeAvailable: 45, defaultLocation: 'indoor' as const };
    expect(recommendActivities(withDefaults).basis).toMatchObject({
      timeAvailable: 45,
      location: 'indoor',
    });
    expect(
      recommendActivities({ ...withDefaults, timeAvailable: 20, location: 'outdoor' }).basis,
    ).toMatchObject({
      timeAvailable: 20,
      location: 'outdoor',
    });
  });

  it('equal scores keep the candidates order', () => {
    const same = ['c', 'a', 'b'].map((id) => makeActivity({ id }));
    const result = recommendActivities({ activities: same, children: [child('x', 5)] });
    expect(result.recommendations.map((r) => r.activity.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('after dark and in the evening (issue 9: no sidewalk chalk at 22:00)', () => {
  const activities: TActivity[] = [
    makeActivity({ id: 'chalk', location: 'outdoor', energyLevel: 'High', weather: ['sunny'] }),
    makeActivity({ id: 'puzzle', location: 'indoor', energyLevel: 'Low' }),
    makeActivity({ id: 'dance', location: 'indoor', energyLevel: 'High' }),
    makeActivity({ id: 'bubbles', location: 'both', energyLevel: 'Medium' }),
  ];
  const night = { afterDark: true, evening: true };
  const ids = (input: RecommendationInput) =>
    recommendActivities(input).recommendations.map((r) => r.activity.id);

  it('after dark outdoor-only activities are not eligible unless the location is outdoor', () => {
    const base: RecommendationInput = { activities, children: [child('a', 5)], weather: 'sunny' };
    expect(ids(base)).toContain('chalk');
    expect(ids({ ...base, daylight: night })).not.toContain('chalk');
    expect(ids({ ...base, daylight: night, location: 'both' })).not.toContain('chalk');
    expect(ids({ ...base, daylight: night })).toEqual(
      expect.arrayContaining(['puzzle', 'dance', 'bubbles']),
    );
    expect(ids({ ...base, daylight: night, location: 'outdoor' })).toContain('chalk');
    expect(ids({ ...base, daylight: night, defaultLocation: 'outdoor' })).toContain('chalk');
    expect(recommendActivities({ ...base, daylight: night }).basis).toMatchObject({
      afterDark: true,
      evening: true,
    });
  });

  it('evening calm: Low energy scores 10 and Medium 5 in the evening, nothing by day', () => {
    expect(calmScore('Low', true)).toBe(10);
    expect(calmScore('Medium', true)).toBe(5);
    expect(calmScore('High', true)).toBe(0);
    expect(calmScore('Low', false)).toBe(0);
  });

  it('in the evening a calm activity ranks above an energetic one that ties by day', () => {
    const base: RecommendationInput = {
      activities: [activities[2]!, activities[1]!],
      children: [child('a', 5)],
    };
    expect(ids(base)).toEqual(['dance', 'puzzle']);
    const evening = recommendActivities({ ...base, daylight: { afterDark: false, evening: true } });
    expect(evening.recommendations.map((r) => r.activity.id)).toEqual(['puzzle', 'dance']);
    expect(evening.recommendations[0]?.reasons).toContain('Calm for the evening');
    expect(evening.basis).toMatchObject({ afterDark: false, evening: true });
  });
});

describe('"Right now": no adult prep and no mess (issue 35)', () => {
  const activities: TActivity[] = [
    makeActivity({ id: 'dough', prepMinutes: 15, mess: 'some' }),
    makeActivity({ id: 'ready', prepMinutes: 0, mess: 'none' }),
    makeActivity({ id: 'paint', prepMinutes: 0, mess: 'lots' }),
    makeActivity({ id: 'hunt', prepMinutes: 5, mess: 'none' }),
    makeActivity({ id: 'song', prepMinutes: 0, mess: 'none', category: 'social' }),
  ];
  const ids = (input: RecommendationInput) =>
    recommendActivities(input).recommendations.map((r) => r.activity.id);

  it('keeps only activities with prepMinutes 0 and mess none, a hard filter like the place', () => {
    const base: RecommendationInput = { activities, children: [child('a', 5)] };
    expect(ids(base)).toHaveLength(5);
    expect(ids({ ...base, rightNow: true }).sort()).toEqual(['ready', 'song']);
    expect(ids({ ...base, rightNow: false })).toHaveLength(5);
  });

  it('without children too: the first 6 of those ready right now', () => {
    expect(ids({ activities, children: [], rightNow: true })).toEqual(['ready', 'song']);
  });

  it('nothing ready right now: nothing is recommended', () => {
    const messy = activities.filter((a) => a.mess !== 'none');
    expect(ids({ activities: messy, children: [child('a', 5)], rightNow: true })).toEqual([]);
  });
});

describe('the age reason names the children, never a decimal age (issue 9)', () => {
  const ada = { name: 'Ada', age: 4 };
  const ben = { name: 'Ben', age: 7 };
  const cy = { name: 'Cy', age: 9 };

  it('names the children whose ages the range covers', () => {
    expect(ageReason([ada], [3, 8])).toBe('Just right for Ada');
    expect(ageReason([ada, ben], [3, 8])).toBe('Just right for Ada and Ben');
    expect(ageReason([ada, ben, cy], [2, 12])).toBe('Just right for Ada, Ben and Cy');
    expect(ageReason([ada, ben, cy], [6, 10])).toBe('Just right for Ben and Cy');
  });

  it('the labels never claim a fit that is not there: a range that fits only their average says it lies in between (issue 29)', () => {
    expect(ageReason([ada, cy], [5, 7])).toBe('For ages 5 to 7, in between Ada and Cy');
    expect(ageReason([ada, cy], [5, 7]).startsWith('Just right')).toBe(false);
  });

  it('an average of 5.5 is never shown', () => {
    const result = recommendActivities({
      activities: [makeActivity({ id: 'mid', ageRange: [4, 7] })],
      children: [
        { ...child('a', 4), name: 'Ada' },
        { ...child('b', 7), name: 'Ben' },
      ],
    });
    expect(result.recommendations[0]?.reasons[0]).toBe('Just right for Ada and Ben');
    expect(result.recommendations[0]?.reasons.join(' ')).not.toMatch(/\d\.\d/);
  });
});

describe('§9 recommendation properties', () => {
  const arbActivity = fc
    .record({
      duration: fc.integer({ min: 25, max: 90 }),
      min: fc.integer({ min: 2, max: 12 }),
      span: fc.integer({ min: 0, max: 10 }),
      location: fc.constantFrom('indoor', 'outdoor', 'both') as fc.Arbitrary<TActivity['location']>,
      difficulty: fc.constantFrom('easy', 'medium', 'hard') as fc.Arbitrary<
        TActivity['difficulty']
      >,
      weather: fc.subarray(['any', 'sunny', 'rainy', 'cloudy'] as const, { minLength: 1 }),
      category: fc.constantFrom('nature', 'social', 'creative-arts'),
    })
    .map((r) => ({ ...r, ageRange: [r.min, Math.min(12, r.min + r.span)] as [number, number] }));
  const arbInput = fc
    .record({
      specs: fc.array(arbActivity, { maxLength: 25 }),
      ages: fc.array(fc.integer({ min: 0, max: 14 }), { maxLength: 4 }),
      timeAvailable: fc.integer({ min: 5, max: 180 }),
      location: fc.constantFrom('indoor', 'outdoor', 'both') as fc.Arbitrary<TActivity['location']>,
      energyLevel: fc.constantFrom('low', 'medium', 'high', undefined),
      weather: fc.constantFrom('sunny', 'rainy', 'cloudy', null),
      favorites: fc.array(fc.nat({ max: 24 })),
      tried: fc.array(fc.nat({ max: 24 })),
    })
    .map((r): RecommendationInput => ({
      activities: r.specs.map((s, i) =>
        makeActivity({ id: `a${i}`, ...s, weather: [...s.weather] }),
      ),
      children: r.ages.map((age, i) => child(`c${i}`, age)),
      timeAvailable: r.timeAvailable,
      location: r.location,
      energyLevel: r.energyLevel,
      weather: r.weather,
      favoriteActivityIds: r.favorites.map((i) => `a${i}`),
      triedActivityIds: r.tried.map((i) => `a${i}`),
    }));

  it('§9 rain maps to indoor: outdoor-only activities are not eligible, "both" ones are; rain play stays', () => {
    const input: RecommendationInput = {
      activities: [
        makeActivity({ id: 'puddles', location: 'outdoor', weather: ['rainy'] }),
        makeActivity({ id: 'football', location: 'outdoor', weather: ['sunny', 'cloudy'] }),
        makeActivity({ id: 'fort', location: 'indoor' }),
        makeActivity({ id: 'bubbles', location: 'both' }),
      ],
      children: [child('c1', 6)],
      weather: 'rainy',
    };
    const ids = (i: RecommendationInput) =>
      recommendActivities(i).recommendations.map((r) => r.activity.id);
    expect(ids(input)).not.toContain('football');
    expect(ids(input)).toEqual(expect.arrayContaining(['puddles', 'fort', 'bubbles']));
    expect(ids({ ...input, weather: 'stormy' })).not.toContain('puddles');
    expect(ids({ ...input, weather: 'stormy' })).not.toContain('football');
    expect(ids({ ...input, weather: 'sunny' })).toEqual(
      expect.arrayContaining(['puddles', 'football']),
    );
    expect(ids({ ...input, weather: null })).toContain('football');
  });

  it('§9 never more than 6, all eligible, those fitting every child first, each category best first, deterministic', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const { recommendations, basis } = recommendActivities(input);
        expect(recommendations.length).toBeLessThanOrEqual(6);
        const coverage = ageCoverage(input.activities);
        const playing = input.children.filter((c) => ageStanding(c.age, coverage) === 'served');
        const fitsAll = (r: (typeof recommendations)[number]) =>
          playing.length < 2 || fitsEveryChild(r.activity.ageRange, playing);
        if (basis.age !== null) {
          const average = playing.reduce((s, c) => s + c.age, 0) / playing.length;
          const age = playing.length === 0 ? coverage!.youngest : average;
          expect(basis.lookAhead).toBe(playing.length === 0);
          for (const r of recommendations) {
            expect(r.activity.ageRange[0]).toBeLessThanOrEqual(age);
            expect(r.activity.ageRange[1]).toBeGreaterThanOrEqual(age);
            if (input.weather === 'rainy' && r.activity.location === 'outdoor') {
              expect(r.activity.weather).toContain('rainy');
            }
            expect(r.score).toBeGreaterThanOrEqual(0);
            expect(r.score).toBeLessThanOrEqual(125);
          }
        }
        for (let i = 1; i < recommendations.length; i += 1) {
          const after = recommendations[i]!;
          for (const before of recommendations.slice(0, i)) {
            expect(Number(fitsAll(before))).toBeGreaterThanOrEqual(Number(fitsAll(after)));
            if (
              fitsAll(before) === fitsAll(after) &&
              before.activity.category === after.activity.category
            ) {
              expect(before.score).toBeGreaterThanOrEqual(after.score);
            }
          }
        }
        expect(recommendActivities(input)).toEqual({ recommendations, basis });
      }),
    );
  });

  it('§9 the recommendations are the varied choice of 6 from the whole ranking (kept without sorting every candidate)', () => {
    fc.assert(
      fc.property(arbInput, fc.array(arbActivity, { maxLength: 40 }), (input, more) => {
        // Many ties: the same activities again under other ids, after the first ones.
        const activities = [
          ...input.activities,
          ...input.activities.map((a) => ({ ...a, id: `${a.id}-again` })),
          ...more.map((s, i) => makeActivity({ id: `m${i}`, ...s, weather: [...s.weather] })),
        ];
        const { recommendations } = recommendActivities({ ...input, activities });
        const { ranked } = rankActivities({ ...input, activities });
        const chosen = input.children.length === 0 ? ranked.slice(0, 6) : chooseVaried(ranked, 6);
        const reasons = leadWithDistinctive(chosen.map((r) => r.reasons));
        expect(recommendations).toEqual(
          chosen.map(({ activity, score }, i) => ({ activity, score, reasons: reasons[i] })),
        );
      }),
    );
  });

  it('siblings: when several play, activities that fit every child come first; the average only fills up, and says so', () => {
    const activities = [
      makeActivity({ id: 'for-nine', ageRange: [5, 11] }),
      makeActivity({ id: 'from-three', ageRange: [3, 7] }),
      makeActivity({ id: 'for-both', ageRange: [2, 10], duration: 90 }),
      makeActivity({ id: 'middle', ageRange: [4, 8] }),
    ];
    const children = [child('eli', 2, { name: 'Eli' }), child('noa', 9, { name: 'Noa' })];
    const result = recommendActivities({ activities, children });
    const ids = result.recommendations.map((r) => r.activity.id);
    // for-both scores lower on time (90 of 30 minutes) but fits both children, so it leads.
    expect(ids[0]).toBe('for-both');
    expect(ids).toEqual(expect.arrayContaining(['for-nine', 'from-three', 'middle']));
    const reasons = Object.fromEntries(
      result.recommendations.map((r) => [r.activity.id, r.reasons]),
    );
    expect(reasons['for-nine']).toContain('Best for Noa; Eli can help');
    expect(reasons['from-three']).toContain('For ages 3 to 7, in between Eli and Noa');
    expect(reasons['for-both']?.join(' ')).not.toMatch(/can help/);
  });

  it('siblings: six activities that fit everyone leave no room for the average-age ones', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 9, max: 12 }), (young, old) => {
        const fitting = Array.from({ length: 6 }, (_, i) =>
          makeActivity({ id: `all${i}`, ageRange: [young, old], duration: 90 }),
        );
        const middle = makeActivity({
          id: 'middle',
          ageRange: [Math.floor((young + old) / 2), Math.ceil((young + old) / 2)],
        });
        const { recommendations } = recommendActivities({
          activities: [middle, ...fitting],
          children: [child('a', young), child('b', old)],
        });
        expect(recommendations.map((r) => r.activity.id)).not.toContain('middle');
      }),
    );
  });

  it('under one: the catalogue starts at 12 months, so a baby gets the age-1 activities as a look ahead', () => {
    const activities = [
      makeActivity({ id: 'for-one', ageRange: [1, 3] }),
      makeActivity({ id: 'for-four', ageRange: [4, 6] }),
    ];
    const baby = recommendActivities({ activities, children: [child('b', 0, { name: 'Mia' })] });
    expect(baby.basis).toMatchObject({ age: 1, lookAhead: true });
    expect(baby.recommendations.map((r) => r.activity.id)).toEqual(['for-one']);
    const withSister = recommendActivities({
      activities,
      children: [child('b', 0), child('s', 4)],
    });
    expect(withSister.basis.lookAhead).toBe(false);
  });

  it('§9 a favourite never ranks lower than the same activity unfavoured', () => {
    fc.assert(
      fc.property(arbInput, fc.nat({ max: 24 }), (input, pick) => {
        const id = `a${pick}`;
        const without = {
          ...input,
          favoriteActivityIds: [...(input.favoriteActivityIds ?? [])].filter((f) => f !== id),
        };
        const withFav = { ...without, favoriteActivityIds: [...without.favoriteActivityIds, id] };
        const rank = (i: RecommendationInput) => {
          const index = recommendActivities(i).recommendations.findIndex(
            (r) => r.activity.id === id,
          );
          return index === -1 ? Infinity : index;
        };
        expect(rank(withFav)).toBeLessThanOrEqual(rank(without));
      }),
    );
  });
});
