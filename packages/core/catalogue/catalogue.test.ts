import { icons as notoEmoji } from '@iconify-json/noto';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ACTIVITIES } from './index.ts';
import { CATEGORIES } from '../src/activities/categories.ts';
import { FALLBACK_ACTIVITIES } from '../src/activities/fallback.ts';
import { PICTURE_ICONS } from '../src/activities/pictures.ts';
import {
  CATEGORY_IDS,
  ZActivity,
  ZActivityLocation,
  ZCategory,
  ZEnergyLevel,
} from '../src/activities/schema.ts';

describe('§3 catalogue stays valid', () => {
  it('§3 every built-in and fallback activity parses with ZActivity', () => {
    for (const activity of [...BUILT_IN_ACTIVITIES, ...FALLBACK_ACTIVITIES]) {
      const parsed = ZActivity.safeParse(activity);
      expect(parsed.error?.issues, activity.id).toBeUndefined();
    }
  });

  it('every activity has a picture of Noto Emoji with a text alternative', () => {
    const inNoto = (name: string) => name in notoEmoji.icons || name in (notoEmoji.aliases ?? {});
    for (const icon of PICTURE_ICONS) expect(inNoto(icon), icon).toBe(true);
    for (const a of [...BUILT_IN_ACTIVITIES, ...FALLBACK_ACTIVITIES]) {
      expect(PICTURE_ICONS, a.id).toContain(a.picture.icon);
      expect(a.picture.alt.trim(), a.id).not.toBe('');
    }
  });

  it('§3 holds at least 60 built-in activities with unique ids (fallback ids included)', () => {
    expect(BUILT_IN_ACTIVITIES.length).toBeGreaterThanOrEqual(60);
    const ids = [...BUILT_IN_ACTIVITIES, ...FALLBACK_ACTIVITIES].map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // DESIGN widens §9's limits (ages 2-12, 25-90 min) so toddlers and a parent with ten minutes are
  // served; issue 35 adds babies under one (age 0).
  it('catalogue durations are 5 to 90 minutes and age ranges within 0 to 12 (DESIGN, beyond §9; issue 35)', () => {
    for (const a of [...BUILT_IN_ACTIVITIES, ...FALLBACK_ACTIVITIES]) {
      expect(a.duration, a.id).toBeGreaterThanOrEqual(5);
      expect(a.duration, a.id).toBeLessThanOrEqual(90);
      expect(a.ageRange[0], a.id).toBeGreaterThanOrEqual(0);
      expect(a.ageRange[1], a.id).toBeLessThanOrEqual(12);
      expect(a.ageRange[0], a.id).toBeLessThanOrEqual(a.ageRange[1]);
    }
  });

  it('§3 has exactly the five categories, each with its fields, used by the built-ins only', () => {
    expect(CATEGORIES.map((c) => c.name)).toEqual([
      'Creative Arts',
      'Physical Activity',
      'Educational',
      'Nature',
      'Social',
    ]);
    expect(CATEGORIES.map((c) => c.id)).toEqual([...CATEGORY_IDS]);
    for (const c of CATEGORIES) expect(ZCategory.parse(c)).toEqual(c);
    const ids = new Set<string>(CATEGORY_IDS);
    for (const a of BUILT_IN_ACTIVITIES) expect(ids.has(a.category), a.id).toBe(true);
  });

  it('§3 the fallback set has 5 activities in Creative Play, Active Play and Learning', () => {
    expect(FALLBACK_ACTIVITIES).toHaveLength(5);
    expect(new Set(FALLBACK_ACTIVITIES.map((a) => a.category))).toEqual(
      new Set(['Creative Play', 'Active Play', 'Learning']),
    );
  });

  it('every category, location, energy level and age 0..12 has built-in choices', () => {
    for (const id of CATEGORY_IDS) {
      expect(
        BUILT_IN_ACTIVITIES.some((a) => a.category === id),
        id,
      ).toBe(true);
    }
    for (const location of ZActivityLocation.options) {
      expect(
        BUILT_IN_ACTIVITIES.some((a) => a.location === location),
        location,
      ).toBe(true);
    }
    for (const energy of ZEnergyLevel.options) {
      expect(
        BUILT_IN_ACTIVITIES.some((a) => a.energyLevel === energy),
        energy,
      ).toBe(true);
    }
    for (let age = 0; age <= 12; age += 1) {
      const fitting = BUILT_IN_ACTIVITIES.filter(
        (a) => a.ageRange[0] <= age && age <= a.ageRange[1],
      );
      expect(fitting.length, `age ${age}`).toBeGreaterThanOrEqual(6);
    }
  });
});
