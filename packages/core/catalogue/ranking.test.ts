// Issue 29 on the real catalogue: ages it cannot serve get no claim of a fit, the interests setup
// suggests find activities, and the top 6 are varied. The rules themselves are
// src/activities/ranking-rules.test.ts.
import { describe, expect, it } from 'vitest';
import { ageCoverage, coverageText } from '../src/activities/age-coverage.ts';
import { activityTopics, interestKeys, matchesInterest } from '../src/activities/interests.ts';
import { recommendActivities, type RecommendationChild } from '../src/activities/recommend.ts';
import type { TActivity } from '../src/activities/schema.ts';
import { makeActivity } from '../src/activities/test-activity.ts';
import { BUILT_IN_ACTIVITIES } from './index.ts';

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

const count = (list: readonly { activity: TActivity }[], category: string) =>
  list.filter((r) => r.activity.category === category).length;

describe('ages the catalogue cannot serve (issue 29)', () => {
  const coverage = ageCoverage(BUILT_IN_ACTIVITIES)!;

  it('the coverage is derived from the activities: a baby activity makes a baby served, not a look ahead', () => {
    expect(coverage.youngest).toBe(Math.min(...BUILT_IN_ACTIVITIES.map((a) => a.ageRange[0])));
    expect(coverage.oldest).toBe(Math.max(...BUILT_IN_ACTIVITIES.map((a) => a.ageRange[1])));
    const withBabies = [
      ...BUILT_IN_ACTIVITIES,
      makeActivity({ id: 'tummy-time', ageRange: [0, 1] }),
    ];
    expect(ageCoverage(withBabies)?.youngest).toBe(0);
    const baby = recommendActivities({ activities: withBabies, children: [child('b', 0)] });
    expect(baby.basis.lookAhead).toBe(false);
    expect(baby.recommendations.map((r) => r.activity.id)).toContain('tummy-time');
    expect(coverageText({ youngest: 1, oldest: 12 })).toBe('Activities are for ages 1 to 12');
  });

  it('the real catalogue serves a baby: a child of 0 gets six activities made for under-ones, not a look ahead', () => {
    expect(coverage.youngest).toBe(0);
    const { basis, recommendations } = recommendActivities({
      activities: BUILT_IN_ACTIVITIES,
      children: [child('b', 0, { name: 'Bea' })],
    });
    expect(basis).toMatchObject({ age: 0, lookAhead: false });
    expect(recommendations).toHaveLength(6);
    for (const r of recommendations) expect(r.activity.ageRange[0], r.activity.id).toBe(0);
  });

  it('a 1- and a 17-year-old are ranked for the 1-year-old, never averaged into 9, and the label says who helps', () => {
    const result = recommendActivities({
      activities: BUILT_IN_ACTIVITIES,
      children: [child('ada', 1, { name: 'Ada' }), child('sam', 17, { name: 'Sam' })],
    });
    expect(result.basis).toMatchObject({ age: 1, helperIds: ['sam'], ageCoverage: coverage });
    expect(result.recommendations).toHaveLength(6);
    for (const r of result.recommendations) {
      expect(r.activity.ageRange[0]).toBeLessThanOrEqual(1);
      expect(r.reasons.join(' ')).not.toMatch(/ages 1 to 17|Just right for Ada and Sam/);
      expect(r.reasons.some((reason) => reason.endsWith('Sam (17) can help'))).toBe(true);
    }
    const labels = result.recommendations.flatMap((r) =>
      r.reasons.filter((x) => x.includes('Sam')),
    );
    for (const label of labels)
      expect(label).toMatch(/^(Just right for|For) Ada; Sam \(17\) can help$/);
  });

  it('a teenager alone: nothing is ranked, and the basis says what the activities cover', () => {
    const result = recommendActivities({
      activities: BUILT_IN_ACTIVITIES,
      children: [child('sam', 17, { name: 'Sam' })],
    });
    expect(result.recommendations).toEqual([]);
    expect(result.basis).toMatchObject({
      age: null,
      lookAhead: false,
      helperIds: ['sam'],
      ageCoverage: coverage,
    });
  });
});

describe('interests and variety on the catalogue (issue 29)', () => {
  it('the real catalogue: each interest setup suggests points at some activity', () => {
    for (const interest of ['art', 'building', 'dancing', 'drawing', 'music', 'nature']) {
      const keys = interestKeys(interest);
      expect(
        BUILT_IN_ACTIVITIES.some((a) => matchesInterest(activityTopics(a), keys)),
        interest,
      ).toBe(true);
    }
    for (const interest of ['reading', 'science', 'sports', 'stories']) {
      const keys = interestKeys(interest);
      expect(
        BUILT_IN_ACTIVITIES.some((a) => matchesInterest(activityTopics(a), keys)),
        interest,
      ).toBe(true);
    }
  });
  it('after four physical activities, favourites and tried, the suggestions are not mostly physical', () => {
    const physical = BUILT_IN_ACTIVITIES.filter(
      (a) => a.category === 'physical-activity' && a.ageRange[0] <= 6 && 6 <= a.ageRange[1],
    ).slice(0, 4);
    const marked = physical.map((a) => a.id);
    const { recommendations } = recommendActivities({
      activities: BUILT_IN_ACTIVITIES,
      children: [child('m', 6, { name: 'Mia' })],
      favoriteActivityIds: marked,
      triedActivityIds: marked,
      favoriteCategories: physical.map((a) => a.category),
      weatherReading: { condition: 'sunny', source: 'open-meteo' },
      location: 'outdoor',
    });
    expect(count(recommendations, 'physical-activity')).toBeLessThanOrEqual(2);
    expect(new Set(recommendations.map((r) => r.activity.category)).size).toBe(
      new Set(BUILT_IN_ACTIVITIES.map((a) => a.category)).size,
    );
  });

  it('the reason every card shares comes last; an interest that sets a card apart leads it', () => {
    const { recommendations } = recommendActivities({
      activities: BUILT_IN_ACTIVITIES,
      children: [child('m', 6, { name: 'Mia', interests: ['drawing'] })],
    });
    const everywhere = recommendations[0]!.reasons.filter((reason) =>
      recommendations.every((r) => r.reasons.includes(reason)),
    );
    expect(everywhere.length).toBeGreaterThan(0);
    for (const { reasons } of recommendations) {
      expect(reasons.slice(-everywhere.length).sort()).toEqual([...everywhere].sort());
    }
    expect(recommendations.some((r) => r.reasons[0] === 'Mia loves drawing')).toBe(true);
  });
});
