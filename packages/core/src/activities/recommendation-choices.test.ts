import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZRecommendationQuery } from './recommend.ts';
import { readRecommendationChoice, type RecommendationChoices } from './recommendation-choices.ts';

const KEYS: readonly (keyof RecommendationChoices)[] = [
  'timeAvailable',
  'location',
  'energyLevel',
  'childId',
];

/** Strings near the edges of each rule, besides arbitrary ones. */
const typed = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '1',
    '30',
    ' 45 ',
    '480',
    '481',
    '2.5',
    '-5',
    '1e2',
    'Infinity',
    'NaN',
  ),
  fc.constantFrom('indoor', 'Outdoor', 'both ', 'LOW', ' medium', 'high', 'hard'),
  fc.string({ minLength: 79, maxLength: 82 }),
);

describe('readRecommendationChoice (DESIGN GET /recommendations query)', () => {
  it('reads every typed value exactly as the API query schema does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KEYS), typed, (key, raw) => {
        const parsed = ZRecommendationQuery.shape[key].safeParse(raw);
        expect(readRecommendationChoice(key, raw)).toEqual(
          parsed.success ? parsed.data : undefined,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('takes minutes from 1 to 480, a place, an energy in any case and a child id', () => {
    expect(readRecommendationChoice('timeAvailable', '45')).toBe(45);
    expect(readRecommendationChoice('timeAvailable', '0')).toBeUndefined();
    expect(readRecommendationChoice('timeAvailable', '481')).toBeUndefined();
    expect(readRecommendationChoice('location', 'outdoor')).toBe('outdoor');
    expect(readRecommendationChoice('location', 'garden')).toBeUndefined();
    expect(readRecommendationChoice('energyLevel', ' High')).toBe('high');
    expect(readRecommendationChoice('childId', ' c1 ')).toBe('c1');
    expect(readRecommendationChoice('childId', '  ')).toBeUndefined();
  });
});
