// Issue-sized promises about the catalogue's breadth: a family is served every day, whatever the
// children's ages, the minutes they have, the season or the situation (car, sick day, bedtime).
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ACTIVITIES } from './index.ts';
import {
  CATEGORY_IDS,
  ZActivityLocation,
  ZSeason,
  type TActivity,
} from '../src/activities/schema.ts';

const count = (keep: (a: TActivity) => boolean) => BUILT_IN_ACTIVITIES.filter(keep).length;
const fitsAge = (a: TActivity, age: number) => a.ageRange[0] <= age && age <= a.ageRange[1];
const tagged = (a: TActivity, tag: string) => a.tags.includes(tag);

describe('catalogue statistics', () => {
  it('holds at least 350 activities', () => {
    expect(BUILT_IN_ACTIVITIES.length).toBeGreaterThanOrEqual(350);
  });

  it('covers each gap a review found, with the minimum it asked for', () => {
    const minimums: [string, number, (a: TActivity) => boolean][] = [
      ['ages 1-2', 60, (a) => a.ageRange[0] <= 2],
      ['ages 2-3 indoors', 40, (a) => a.location === 'indoor' && (fitsAge(a, 2) || fitsAge(a, 3))],
      ['quick, 5-15 minutes', 50, (a) => a.duration <= 15],
      [
        'car, travel and waiting with no materials',
        25,
        (a) => tagged(a, 'travel') && a.materials.length === 0,
      ],
      [
        'low-energy evening and bedtime',
        20,
        (a) => a.energyLevel === 'Low' && (tagged(a, 'evening') || tagged(a, 'bedtime')),
      ],
      [
        'mixed-age siblings',
        20,
        (a) => tagged(a, 'siblings') && a.ageRange[1] - a.ageRange[0] >= 5,
      ],
      ['sick day or in bed', 15, (a) => tagged(a, 'sick-day') && a.energyLevel === 'Low'],
      ['ages 10-12', 25, (a) => a.ageRange[0] >= 9 && a.ageRange[1] === 12],
      [
        'ages 10-12, indoors and active',
        10,
        (a) => a.ageRange[0] >= 9 && a.location !== 'outdoor' && a.energyLevel !== 'Low',
      ],
      ['seasonal', 20, (a) => a.seasons !== undefined],
    ];
    for (const [gap, minimum, keep] of minimums) {
      expect(count(keep), gap).toBeGreaterThanOrEqual(minimum);
    }
  });

  it('every age from 0 (a baby in its first year) to 12 has at least 30 activities, and 20 of 30 minutes or less', () => {
    for (let age = 0; age <= 12; age += 1) {
      expect(
        count((a) => fitsAge(a, age)),
        `age ${age}`,
      ).toBeGreaterThanOrEqual(30);
      expect(
        count((a) => fitsAge(a, age) && a.duration <= 30),
        `age ${age}, short`,
      ).toBeGreaterThanOrEqual(20);
    }
  });

  it('every duration band, category, location and season has choices', () => {
    const bands: [number, number][] = [
      [5, 15],
      [16, 30],
      [31, 60],
      [61, 90],
    ];
    for (const [low, high] of bands) {
      expect(
        count((a) => low <= a.duration && a.duration <= high),
        `${low}-${high} min`,
      ).toBeGreaterThanOrEqual(10);
    }
    for (const category of CATEGORY_IDS) {
      expect(
        count((a) => a.category === category),
        category,
      ).toBeGreaterThanOrEqual(30);
    }
    for (const location of ZActivityLocation.options) {
      expect(
        count((a) => a.location === location),
        location,
      ).toBeGreaterThanOrEqual(20);
    }
    for (const season of ZSeason.options) {
      expect(
        count((a) => a.seasons?.includes(season) ?? false),
        season,
      ).toBeGreaterThanOrEqual(5);
    }
  });
});
