import { describe, expect, it } from 'vitest';
import {
  agesLabel,
  browseStateFrom,
  countFilters,
  hasAgeFilter,
  hasFilters,
  withChildrenAges,
  withFilter,
} from './browse-filters';

const params = (query: string) => new URLSearchParams(query);

describe('browse URL ↔ GET /activities params', () => {
  it('§5 every filter and the search come from the URL; the page sets skip', () => {
    const state = browseStateFrom(
      params(
        'search=paint&category=creative-arts&difficulty=easy&location=indoor&ageMin=3&ageMax=6&weather=rainy&energyLevel=low&page=3',
      ),
    );
    expect(state).toEqual({
      valid: true,
      page: 3,
      params: {
        search: 'paint',
        category: 'creative-arts',
        difficulty: 'easy',
        location: 'indoor',
        ageMin: 3,
        ageMax: 6,
        weather: 'rainy',
        energyLevel: 'Low',
        skip: 100,
      },
    });
  });

  it('season and "nothing to gather" come from the URL too (issue 15)', () => {
    expect(browseStateFrom(params('season=winter&noMaterials=true'))).toEqual({
      valid: true,
      page: 1,
      params: { season: 'winter', noMaterials: true, skip: 0 },
    });
    expect(browseStateFrom(params('season=monsoon')).valid).toBe(false);
  });

  it("issue 35's practical filters come from the URL: prep, mess, skill and setting", () => {
    expect(
      browseStateFrom(params('maxPrepMinutes=5&mess=none&skill=language&setting=waiting-room')),
    ).toEqual({
      valid: true,
      page: 1,
      params: {
        maxPrepMinutes: 5,
        mess: 'none',
        skill: 'language',
        setting: 'waiting-room',
        skip: 0,
      },
    });
    for (const odd of [
      'maxPrepMinutes=-5',
      'maxPrepMinutes=soon',
      'mess=little',
      'skill=maths',
      'setting=beach',
    ]) {
      expect(browseStateFrom(params(odd)).valid, odd).toBe(false);
    }
  });

  it('an empty URL is page 1 of everything; odd pages read as 1', () => {
    expect(browseStateFrom(params(''))).toEqual({ valid: true, page: 1, params: { skip: 0 } });
    expect(browseStateFrom(params('page=-2')).page).toBe(1);
    expect(browseStateFrom(params('page=abc')).page).toBe(1);
  });

  it('reversed ages are explained instead of sent (core ZActivityQuery rule)', () => {
    expect(browseStateFrom(params('ageMin=8&ageMax=4'))).toEqual({
      valid: false,
      page: 1,
      message: 'The youngest age must not be above the oldest age.',
    });
  });

  it('an unknown value in a hand-edited link is refused', () => {
    const state = browseStateFrom(params('difficulty=extreme'));
    expect(state.valid).toBe(false);
  });

  it('changing a filter goes back to page 1; an empty value removes it', () => {
    const next = withFilter(params('category=nature&page=2'), 'difficulty', 'hard');
    expect(next.toString()).toBe('category=nature&difficulty=hard');
    expect(withFilter(next, 'category', '').toString()).toBe('difficulty=hard');
  });

  it('knows when any filter is set', () => {
    expect(hasFilters(params('page=2'))).toBe(false);
    expect(hasFilters(params('search=kite'))).toBe(true);
  });
});

describe("browse's age preset and filter count (issue 29)", () => {
  it("presets the children's ages, youngest to oldest, back on page 1; nothing without children", () => {
    expect(withChildrenAges(params('category=nature&page=3'), [9, 4, 6]).toString()).toBe(
      'category=nature&ageMin=4&ageMax=9',
    );
    expect(withChildrenAges(params('category=nature'), []).toString()).toBe('category=nature');
    expect(hasAgeFilter(params('ageMax=9'))).toBe(true);
    expect(hasAgeFilter(params('category=nature'))).toBe(false);
  });

  it('counts the filters, the search aside and the two ages as one', () => {
    expect(countFilters(params('search=kite&ageMin=4&ageMax=9&season=winter'))).toBe(2);
    expect(countFilters(params('search=kite'))).toBe(0);
    expect(countFilters(params('maxPrepMinutes=0&mess=none&skill=creative&setting=car'))).toBe(4);
    expect(hasFilters(params('mess=some'))).toBe(true);
  });

  it('says the ages in words', () => {
    expect(agesLabel(params('ageMin=6&ageMax=6'))).toBe('Age 6');
    expect(agesLabel(params('ageMin=4&ageMax=9'))).toBe('Ages 4–9');
    expect(agesLabel(params('ageMin=4'))).toBe('Ages 4 and up');
    expect(agesLabel(params('ageMax=9'))).toBe('Ages up to 9');
  });
});
