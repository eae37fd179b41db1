import { describe, expect, it } from 'vitest';
import { ZActivityInput } from './activity-input.ts';
import { filterActivities, paginate, searchActivities } from './filter.ts';
import { ZActivityQuery } from './query.ts';
import { makeActivity } from './test-activity.ts';
import {
  recordCompletion,
  recordUserActivityStatus,
  setUserActivityMark,
  statusOf,
} from './user-activity.ts';

const painting = makeActivity({
  id: 'painting',
  title: 'Finger Painting',
  description: 'Paint with your hands.',
  category: 'creative-arts',
  difficulty: 'easy',
  location: 'indoor',
  ageRange: [2, 5],
  weather: ['rainy', 'cloudy'],
  energyLevel: 'Low',
  tags: ['messy'],
  materials: ['Washable paint'],
  learningObjectives: ['Colour mixing'],
});
const football = makeActivity({
  id: 'football',
  title: 'Garden Football',
  description: 'Kick a ball around.',
  category: 'physical-activity',
  difficulty: 'hard',
  location: 'outdoor',
  ageRange: [6, 12],
  weather: ['sunny'],
  energyLevel: 'High',
});
const hideAndSeek = makeActivity({
  id: 'hide',
  title: 'Hide and Seek',
  description: 'Find everyone.',
  category: 'social',
  difficulty: 'medium',
  location: 'both',
  ageRange: [4, 9],
  weather: ['any'],
  energyLevel: 'Medium',
});
const all = [painting, football, hideAndSeek];
const ids = (list: readonly { id: string }[]) => list.map((a) => a.id);

describe('§5 activity filters', () => {
  it('§5 category matches exactly', () => {
    expect(ids(filterActivities(all, { category: 'social' }))).toEqual(['hide']);
    expect(ids(filterActivities(all, { category: 'Social' }))).toEqual([]);
  });

  it('§5 difficulty matches exactly', () => {
    expect(ids(filterActivities(all, { difficulty: 'hard' }))).toEqual(['football']);
  });

  it("§5 location indoor or outdoor also matches 'both'; 'both' matches everything", () => {
    expect(ids(filterActivities(all, { location: 'indoor' }))).toEqual(['painting', 'hide']);
    expect(ids(filterActivities(all, { location: 'outdoor' }))).toEqual(['football', 'hide']);
    expect(ids(filterActivities(all, { location: 'both' }))).toEqual([
      'painting',
      'football',
      'hide',
    ]);
  });

  it("§5 age range overlaps the child's range, touching ends included", () => {
    expect(ids(filterActivities(all, { ageMin: 5, ageMax: 5 }))).toEqual(['painting', 'hide']);
    expect(ids(filterActivities(all, { ageMin: 10 }))).toEqual(['football']);
    expect(ids(filterActivities(all, { ageMax: 3 }))).toEqual(['painting']);
    expect(ids(filterActivities(all, { ageMin: 12, ageMax: 12 }))).toEqual(['football']);
  });

  it("§5 weather must be in the activity's weather list ('any' suits every weather)", () => {
    expect(ids(filterActivities(all, { weather: 'rainy' }))).toEqual(['painting', 'hide']);
    expect(ids(filterActivities(all, { weather: 'sunny' }))).toEqual(['football', 'hide']);
    expect(ids(filterActivities(all, { weather: 'snowy' }))).toEqual(['hide']);
  });

  it('energy level matches exactly', () => {
    expect(ids(filterActivities(all, { energyLevel: 'High' }))).toEqual(['football']);
  });

  it('season keeps that season and year-round activities', () => {
    const snowman = makeActivity({ id: 'snowman', seasons: ['winter'] });
    const list = [...all, snowman];
    expect(ids(filterActivities(list, { season: 'winter' }))).toEqual([...ids(all), 'snowman']);
    expect(ids(filterActivities(list, { season: 'summer' }))).toEqual(ids(all));
  });

  it('noMaterials keeps activities with nothing to gather, read from a query string too', () => {
    expect(ids(filterActivities(all, { noMaterials: true }))).toEqual(['football', 'hide']);
    const query = ZActivityQuery.parse({ noMaterials: 'true', season: 'spring' });
    expect(query).toMatchObject({ noMaterials: true, season: 'spring' });
    expect(ZActivityQuery.parse({ noMaterials: '0' }).noMaterials).toBe(false);
    expect(ZActivityQuery.safeParse({ noMaterials: 'yes' }).success).toBe(false);
    expect(ZActivityQuery.safeParse({ season: 'monsoon' }).success).toBe(false);
  });

  describe("issue 35's practical filters", () => {
    const bubbles = makeActivity({ id: 'bubbles', prepMinutes: 0, mess: 'none' });
    const dough = makeActivity({
      id: 'dough',
      prepMinutes: 15,
      mess: 'some',
      skills: ['fine-motor', 'creative'],
    });
    const mud = makeActivity({
      id: 'mud',
      location: 'outdoor',
      prepMinutes: 5,
      mess: 'lots',
      skills: ['gross-motor'],
      settings: ['garden', 'park'],
    });
    const eyeSpy = makeActivity({
      id: 'eye-spy',
      skills: ['language', 'thinking'],
      settings: ['home', 'car', 'waiting-room'],
    });
    const practical = [bubbles, dough, mud, eyeSpy];

    it('maxPrepMinutes keeps activities whose adult prep takes at most that long', () => {
      expect(ids(filterActivities(practical, { maxPrepMinutes: 0 }))).toEqual([
        'bubbles',
        'eye-spy',
      ]);
      expect(ids(filterActivities(practical, { maxPrepMinutes: 5 }))).toEqual([
        'bubbles',
        'mud',
        'eye-spy',
      ]);
      expect(ids(filterActivities(practical, { maxPrepMinutes: 15 }))).toEqual(ids(practical));
    });

    it("mess is at most: 'none' only none, 'some' none or some, 'lots' every activity", () => {
      expect(ids(filterActivities(practical, { mess: 'none' }))).toEqual(['bubbles', 'eye-spy']);
      expect(ids(filterActivities(practical, { mess: 'some' }))).toEqual([
        'bubbles',
        'dough',
        'eye-spy',
      ]);
      expect(ids(filterActivities(practical, { mess: 'lots' }))).toEqual(ids(practical));
    });

    it('skill keeps activities that exercise it, wherever it is in their list', () => {
      expect(ids(filterActivities(practical, { skill: 'creative' }))).toEqual(['bubbles', 'dough']);
      expect(ids(filterActivities(practical, { skill: 'thinking' }))).toEqual(['eye-spy']);
      expect(ids(filterActivities(practical, { skill: 'social-emotional' }))).toEqual([]);
    });

    it('setting keeps activities playable there', () => {
      expect(ids(filterActivities(practical, { setting: 'car' }))).toEqual(['eye-spy']);
      expect(ids(filterActivities(practical, { setting: 'park' }))).toEqual(['mud']);
      expect(ids(filterActivities(practical, { setting: 'home' }))).toEqual([
        'bubbles',
        'dough',
        'eye-spy',
      ]);
    });

    it('are read from a query string and refuse values outside their vocabularies', () => {
      expect(
        ZActivityQuery.parse({
          maxPrepMinutes: '5',
          mess: 'some',
          skill: 'language',
          setting: 'car',
        }),
      ).toMatchObject({ maxPrepMinutes: 5, mess: 'some', skill: 'language', setting: 'car' });
      expect(ZActivityQuery.parse({ maxPrepMinutes: '2880' }).maxPrepMinutes).toBe(2880);
      for (const bad of [
        { maxPrepMinutes: '-1' },
        { maxPrepMinutes: '2881' },
        { maxPrepMinutes: '2.5' },
        { maxPrepMinutes: '' },
        { mess: 'little' },
        { skill: 'maths' },
        { setting: 'beach' },
      ]) {
        expect(ZActivityQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      }
    });

    it('combine with each other and with the others', () => {
      expect(
        ids(filterActivities(practical, { mess: 'none', maxPrepMinutes: 0, setting: 'car' })),
      ).toEqual(['eye-spy']);
      expect(ids(filterActivities(practical, { location: 'outdoor', mess: 'lots' }))).toEqual([
        'mud',
      ]);
      expect(ids(filterActivities(practical, { location: 'outdoor', mess: 'some' }))).toEqual([]);
    });
  });

  it('§5 filters combine', () => {
    expect(ids(filterActivities(all, { location: 'indoor', weather: 'rainy', ageMin: 6 }))).toEqual(
      ['hide'],
    );
  });
});

describe('§5 search', () => {
  it('§5 search is case-insensitive over title, description and tags', () => {
    expect(ids(searchActivities(all, 'FINGER'))).toEqual(['painting']);
    expect(ids(searchActivities(all, 'kick a'))).toEqual(['football']);
    expect(ids(searchActivities(all, 'Messy'))).toEqual(['painting']);
  });

  it('§5 the richer search also covers category (id and name), learning objectives and materials', () => {
    expect(ids(searchActivities(all, 'physical-activity'))).toEqual(['football']);
    expect(ids(searchActivities(all, 'creative arts'))).toEqual(['painting']);
    expect(ids(searchActivities(all, 'colour mixing'))).toEqual(['painting']);
    expect(ids(searchActivities(all, 'washable'))).toEqual(['painting']);
  });

  it('every word of the term must match; an empty term matches everything', () => {
    expect(ids(searchActivities(all, 'paint football'))).toEqual([]);
    expect(ids(searchActivities(all, '   '))).toEqual(['painting', 'football', 'hide']);
    expect(ids(filterActivities(all, { search: 'seek' }))).toEqual(['hide']);
  });
});

describe('§7 paging and queries', () => {
  it('§7 skip and limit window the list and total counts all', () => {
    expect(paginate([1, 2, 3, 4, 5], 1, 2)).toEqual({ items: [2, 3], total: 5, skip: 1, limit: 2 });
    expect(paginate([1, 2], 5, 50)).toEqual({ items: [], total: 2, skip: 5, limit: 50 });
  });

  it('§7 query defaults skip 0 and limit 50 and coerces query-string numbers', () => {
    expect(ZActivityQuery.parse({})).toEqual({ skip: 0, limit: 50 });
    expect(
      ZActivityQuery.parse({ skip: '10', limit: '100', ageMin: '3', energyLevel: 'high' }),
    ).toEqual({
      skip: 10,
      limit: 100,
      ageMin: 3,
      energyLevel: 'High',
    });
  });

  it('refuses limit above 100, negative skip and ageMin above ageMax', () => {
    expect(ZActivityQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(ZActivityQuery.safeParse({ skip: '-1' }).success).toBe(false);
    expect(ZActivityQuery.safeParse({ ageMin: '9', ageMax: '3' }).success).toBe(false);
  });
});

describe('own activity input', () => {
  const base = {
    title: 'Pillow fort',
    description: 'Build a fort.',
    category: 'creative-arts',
    difficulty: 'easy',
    duration: 40,
    location: 'indoor',
    ageRange: [3, 7],
    energyLevel: 'Low',
  };

  it('fills the optional lists and refuses an id', () => {
    const parsed = ZActivityInput.parse(base);
    expect(parsed.weather).toEqual(['any']);
    expect(parsed.materials).toEqual([]);
    expect(parsed.weatherDependent).toBe(false);
    expect(ZActivityInput.safeParse({ ...base, id: 'x' }).success).toBe(false);
  });

  it('refuses an age range with min above max or outside 0..17', () => {
    expect(ZActivityInput.safeParse({ ...base, ageRange: [8, 3] }).success).toBe(false);
    expect(ZActivityInput.safeParse({ ...base, ageRange: [3, 18] }).success).toBe(false);
    expect(ZActivityInput.safeParse({ ...base, ageRange: [0, 17] }).success).toBe(true);
  });
});

describe('§4 user activity status', () => {
  const now = '2026-02-01T10:00:00.000Z';
  const tried = {
    favorite: false,
    tried: true,
    completedAt: '2026-01-05T09:00:00.000Z',
    completedBy: 'user-1',
    completedChildIds: ['child-1'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
  };

  it('§4 adding an already recorded activity only changes its status', () => {
    const favourite = recordUserActivityStatus(tried, 'favorite', now);
    expect(favourite).toEqual({ ...tried, favorite: true, updatedAt: now });
    expect(statusOf(favourite)).toBe('favorite');
    const triedAgain = recordUserActivityStatus(favourite, 'tried', now);
    expect(statusOf(triedAgain)).toBe('tried');
    expect(triedAgain).toMatchObject({ favorite: false, tried: true, createdAt: tried.createdAt });
  });

  it('§4 otherwise a record is added with the current time', () => {
    expect(recordUserActivityStatus(undefined, 'tried', now)).toEqual({
      favorite: false,
      tried: true,
      completedAt: null,
      completedBy: null,
      completedChildIds: [],
      createdAt: now,
      updatedAt: now,
    });
  });
});

describe('favourite and tried are independent (issue 9)', () => {
  const now = '2026-02-01T10:00:00.000Z';
  const doneFavourite = {
    favorite: true,
    tried: true,
    completedAt: '2026-01-05T09:00:00.000Z',
    completedBy: 'user-1',
    completedChildIds: ['child-1'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
  };

  it('a favourite stays a favourite when it is marked tried, and tried when unfavoured', () => {
    const favourite = setUserActivityMark(undefined, 'favorite', true, now);
    expect(favourite).toMatchObject({ favorite: true, tried: false, createdAt: now });
    expect(setUserActivityMark(favourite, 'tried', true, now)).toMatchObject({
      favorite: true,
      tried: true,
    });
    expect(setUserActivityMark(doneFavourite, 'favorite', false, now)).toEqual({
      ...doneFavourite,
      favorite: false,
      updatedAt: now,
    });
  });

  it('clearing tried forgets the last completion and who did it; with no mark left nothing is recorded', () => {
    expect(setUserActivityMark(doneFavourite, 'tried', false, now)).toEqual({
      ...doneFavourite,
      tried: false,
      completedAt: null,
      completedBy: null,
      completedChildIds: [],
      updatedAt: now,
    });
    const onlyTried = { ...doneFavourite, favorite: false };
    expect(setUserActivityMark(onlyTried, 'tried', false, now)).toBeUndefined();
    expect(setUserActivityMark(undefined, 'favorite', false, now)).toBeUndefined();
  });

  it('a completion makes it tried ("done at least once"), keeps a favourite and records who did it', () => {
    const favourite = setUserActivityMark(undefined, 'favorite', true, now);
    const done = recordCompletion(favourite, '2026-02-01T09:30:00.000Z', 'user-2', now);
    expect(done).toMatchObject({
      favorite: true,
      tried: true,
      completedAt: '2026-02-01T09:30:00.000Z',
      completedBy: 'user-2',
    });
    expect(recordCompletion(undefined, now, 'user-1', now)).toMatchObject({
      favorite: false,
      tried: true,
      completedBy: 'user-1',
      completedChildIds: [],
    });
  });

  it('issue 29: a completion records the children who played; the next one replaces them', () => {
    const done = recordCompletion(undefined, now, 'user-1', now, ['noa', 'eli']);
    expect(done.completedChildIds).toEqual(['noa', 'eli']);
    expect(recordCompletion(done, now, 'user-2', now, ['eli']).completedChildIds).toEqual(['eli']);
  });
});
