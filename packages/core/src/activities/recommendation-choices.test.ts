import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZActivityFilters } from './query.ts';
import { ZRecommendationQuery } from './recommend.ts';
import {
  ENERGY_QUERY_PATTERN,
  readRecommendationChoice,
  type RecommendationChoices,
} from './recommendation-choices.ts';

const KEYS: readonly (keyof RecommendationChoices)[] = [
  'timeAvailable',
  'location',
  'energyLevel',
  'childId',
  'rightNow',
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
  fc.constantFrom('true', 'false', 'TRUE', ' true', 'yes', 'on'),
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
    expect(readRecommendationChoice('rightNow', 'true')).toBe(true);
    expect(readRecommendationChoice('rightNow', '0')).toBe(false);
    expect(readRecommendationChoice('rightNow', 'yes')).toBeUndefined();
  });
});

describe('one energy rule for every query (issue 28)', () => {
  const spellings = ['low', 'Low', 'LOW', ' medium ', 'High', 'hIgH'];
  const refused = ['', ' ', 'extreme', 'lo', 'lowest', 'l o w', 'easy'];

  it('GET /activities and GET /recommendations accept the same spellings, in any letter case', () => {
    for (const raw of [...spellings, ...refused]) {
      const activities = ZActivityFilters.shape.energyLevel.safeParse(raw);
      const recommendations = ZRecommendationQuery.shape.energyLevel.safeParse(raw);
      expect(activities.success, raw).toBe(spellings.includes(raw));
      expect(recommendations.success, raw).toBe(activities.success);
      if (activities.success && recommendations.success) {
        expect(activities.data?.toLowerCase()).toBe(recommendations.data);
      }
    }
  });

  it('reads as the catalogue writes it on /activities and in lower case on /recommendations', () => {
    expect(ZActivityFilters.shape.energyLevel.parse(' high')).toBe('High');
    expect(ZRecommendationQuery.shape.energyLevel.parse('High')).toBe('high');
  });

  it('is stated as the same pattern in both documents, which accepts exactly what is accepted', () => {
    const documented = (schema: z.ZodType) =>
      z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0' });
    const activities = documented(ZActivityFilters.shape.energyLevel);
    expect(activities).toEqual(documented(ZRecommendationQuery.shape.energyLevel));
    expect(activities).toMatchObject({ type: 'string', pattern: ENERGY_QUERY_PATTERN.source });
    const pattern = new RegExp(String(activities.pattern), 'u');
    for (const raw of [...spellings, ...refused]) {
      expect(pattern.test(raw), raw).toBe(spellings.includes(raw));
    }
  });
});
