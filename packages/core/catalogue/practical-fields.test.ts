// Issue 35's practical fields on every activity (prep, mess, skills, settings), and the counts the
// issue asks of the catalogue.
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ACTIVITIES } from './index.ts';
import { FALLBACK_ACTIVITIES } from '../src/activities/fallback.ts';
import { PRACTICAL_RULES } from '../src/activities/catalogue-rules.ts';
import {
  isOnTheGo,
  MESS_LEVELS,
  PLAY_SETTINGS,
  SKILLS,
} from '../src/activities/practical-fields.ts';
import type { TActivity } from '../src/activities/schema.ts';

const ALL = [...BUILT_IN_ACTIVITIES, ...FALLBACK_ACTIVITIES];

describe('issue 35: the practical fields of every activity', () => {
  it('prep is whole minutes; mess, skills (one to three, each once) and settings come from their lists', () => {
    for (const a of ALL) {
      expect(Number.isInteger(a.prepMinutes) && a.prepMinutes >= 0, a.id).toBe(true);
      expect(MESS_LEVELS, a.id).toContain(a.mess);
      expect(a.skills.length, a.id).toBeGreaterThanOrEqual(1);
      expect(a.skills.length, a.id).toBeLessThanOrEqual(3);
      expect(new Set(a.skills).size, a.id).toBe(a.skills.length);
      for (const skill of a.skills) expect(SKILLS, a.id).toContain(skill);
      expect(new Set(a.settings).size, a.id).toBe(a.settings.length);
      for (const setting of a.settings) expect(PLAY_SETTINGS, a.id).toContain(setting);
    }
  });

  it('the catalogue uses every mess level, every skill and every setting', () => {
    for (const mess of MESS_LEVELS)
      expect(BUILT_IN_ACTIVITIES.some((a) => a.mess === mess)).toBe(true);
    for (const skill of SKILLS) {
      expect(
        BUILT_IN_ACTIVITIES.some((a) => a.skills.includes(skill)),
        skill,
      ).toBe(true);
    }
    for (const setting of PLAY_SETTINGS) {
      expect(
        BUILT_IN_ACTIVITIES.some((a) => a.settings.includes(setting)),
        setting,
      ).toBe(true);
    }
  });

  for (const rule of PRACTICAL_RULES) {
    it(rule.name, () => {
      for (const a of ALL) expect(rule.check(a), a.id).toBeUndefined();
    });
  }
});

// Issue 35's counts: a catalogue for every child and every moment.
describe('issue 35 counts', () => {
  const count = (keep: (a: TActivity) => boolean) => BUILT_IN_ACTIVITIES.filter(keep).length;
  const fitsAge = (a: TActivity, age: number) => a.ageRange[0] <= age && age <= a.ageRange[1];

  it('holds at least 520 activities', () => {
    expect(BUILT_IN_ACTIVITIES.length).toBeGreaterThanOrEqual(520);
  });

  it('at least 30 are for babies under one (age 0)', () => {
    expect(count((a) => fitsAge(a, 0))).toBeGreaterThanOrEqual(30);
  });

  it('at least 60 for every age from 1 to 12', () => {
    for (let age = 1; age <= 12; age += 1) {
      expect(
        count((a) => fitsAge(a, age)),
        `age ${age}`,
      ).toBeGreaterThanOrEqual(60);
    }
  });

  it('at least 120 are high-energy', () => {
    expect(count((a) => a.energyLevel === 'High')).toBeGreaterThanOrEqual(120);
  });

  it('at least 150 can be played outdoors (location outdoor or both)', () => {
    expect(count((a) => a.location !== 'indoor')).toBeGreaterThanOrEqual(150);
  });

  it('at least 200 take 15 minutes or less', () => {
    expect(count((a) => a.duration <= 15)).toBeGreaterThanOrEqual(200);
  });

  it('at least 40 are on the go: the car or a waiting room, with nothing beyond a bag', () => {
    expect(count(isOnTheGo)).toBeGreaterThanOrEqual(40);
  });
});
