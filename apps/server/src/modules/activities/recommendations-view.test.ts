import type { TRecommendationsResponse } from '@kkb/core/activities/recommend';
import {
  ZCompactRecommendationsResponse,
  type TCompactRecommendationsResponse,
} from '@kkb/core/activities/recommendations-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 30: `GET /recommendations?view=compact`, for a device that holds the catalogue. */
describe('recommendations, compact form', () => {
  let t: TestApp;
  let parent: CreatedUser;
  let childId: string;
  beforeAll(async () => {
    t = await createTestApp();
    parent = await createUser(t.app);
    for (const [name, age] of [
      ['Noa', 4],
      ['Eli', 9],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/children',
        headers: parent.authHeader,
        payload: { name, age },
      });
      expect(res.statusCode, res.body).toBe(201);
      childId = (res.json() as { id: string }).id;
    }
  });
  afterAll(() => t.close());

  const recommendations = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/recommendations?${query}`,
      headers: parent.authHeader,
    });

  it('is the full answer minus the activity bodies: the same ids, scores, reasons, basis and weather', async () => {
    for (const query of [
      'timeAvailable=30&location=both',
      'timeAvailable=15&location=indoor&energyLevel=low',
      `childId=${childId}&weather=rainy`,
      '',
    ]) {
      // Compact first, then full: each form is cached on its own.
      const compactRes = await recommendations(`${query}&view=compact`);
      expect(compactRes.statusCode, compactRes.body).toBe(200);
      const compact: TCompactRecommendationsResponse =
        ZCompactRecommendationsResponse.strict().parse(compactRes.json());
      const full = (await recommendations(query)).json() as TRecommendationsResponse;
      expect(full.recommendations).toHaveLength(6);
      expect(compact).toEqual({
        ...full,
        // Each answer reads the (fixed) weather at its own time.
        weather: { ...full.weather, timestamp: compact.weather.timestamp },
        recommendations: full.recommendations.map(({ activity, score, reasons }) => ({
          activityId: activity.id,
          score,
          reasons,
        })),
      });
      expect(compactRes.body.length, query).toBeLessThan(
        (await recommendations(query)).body.length / 4,
      );
    }
  });

  it('the full form is the default and `view=full` names it', async () => {
    const query = 'timeAvailable=45&location=outdoor';
    const byDefault = (await recommendations(query)).json() as TRecommendationsResponse;
    expect(byDefault.recommendations[0]?.activity.title).toEqual(expect.any(String));
    expect((await recommendations(`${query}&view=full`)).json()).toEqual(byDefault);
  });

  it('refuses a form it does not know', async () => {
    const res = await recommendations('view=ids');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('is documented in OpenAPI: the query names the view, the answer is either form', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        {
          get: {
            parameters: { name: string; in: string }[];
            responses: Record<
              string,
              { content: Record<string, { schema: { anyOf?: unknown[] } }> }
            >;
          };
        }
      >;
    };
    const route = document.paths['/api/v1/recommendations']!.get;
    expect(route.parameters).toContainEqual(expect.objectContaining({ name: 'view', in: 'query' }));
    const answer = route.responses['200']!.content['application/json']!.schema;
    expect(answer.anyOf).toHaveLength(2);
    expect(JSON.stringify(answer)).toContain('activityId');
  });
});
