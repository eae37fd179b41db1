import { recommendActivities, type RecommendationChild } from '@kkb/core/activities/recommend';
import { makeActivity } from '@kkb/core/activities/test-activity';
import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWeatherService } from '../weather/service.ts';
import { recommendationsJson } from './recommendations-json.ts';

const child = (id: string, age: number, name: string): RecommendationChild => ({
  id,
  name,
  age,
  preferences: { indoorOutdoor: 'both', favoriteTypes: [] },
});

describe('the recommendations answer as JSON', () => {
  it('is the text JSON.stringify writes, activities written once and reused', async () => {
    const weather = await createWeatherService({
      provider: 'fixed',
      openMeteoUrl: 'http://127.0.0.1:1',
      geocodingUrl: 'http://127.0.0.1:1',
    }).current(undefined, 'metric');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 14 }), { maxLength: 3 }),
        fc.string(),
        fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined }),
        fc.constantFrom('indoor', 'outdoor', 'both' as const),
        (ages, text, prepMinutes, location) => {
          // An own activity with any text (quotes, new lines, emoji) and optional fields.
          const own = makeActivity({
            id: 'own-1',
            title: `Ours ${text}`,
            materials: [text],
            ageRange: [0, 17],
            ...(prepMinutes !== undefined && { prepMinutes }),
          });
          const answer = {
            ...recommendActivities({
              activities: [own, ...BUILT_IN_ACTIVITIES],
              children: ages.map((age, i) => child(`c${i}`, age, `${text} ${i}`)),
              location,
              favoriteActivityIds: [own.id],
            }),
            weather,
          };
          const json = recommendationsJson(answer);
          expect(json).toBe(JSON.stringify(answer));
          // A second time, from the activities' JSON kept the first time.
          expect(recommendationsJson(answer)).toBe(json);
        },
      ),
    );
  });
});
