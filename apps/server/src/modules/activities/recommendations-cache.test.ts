import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompressedAnswer } from '../../lib/compressed-answer.ts';
import { createUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createRecommendationsCache, RECOMMENDATIONS_CACHE_MS } from './recommendations-cache.ts';

describe('recommendations are reused only while the family changes nothing', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let otherAuth: { authorization: string };
  const recommend = (headers: Record<string, string> = auth) =>
    t.app.inject({ method: 'GET', url: '/api/v1/recommendations?timeAvailable=30', headers });

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await createUser(t.app, { email: 'cache@example.com' })).authHeader;
    otherAuth = (await createUser(t.app, { email: 'other@example.com' })).authHeader;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/children',
      headers: auth,
      payload: { name: 'Mia', age: 6 },
    });
  });
  afterAll(() => t.close());

  it('answers the same request with the same JSON, with the JSON content type', async () => {
    const first = await recommend();
    const second = await recommend();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    expect(second.body).toBe(first.body);
    expect(first.json().recommendations).toHaveLength(6);
  });

  it('a kept answer goes out compressed as each client accepts it, the same JSON in every encoding', async () => {
    const plain = await recommend();
    const br = await recommend({ ...auth, 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzip = await recommend({ ...auth, 'accept-encoding': 'gzip' });
    const again = await recommend({ ...auth, 'accept-encoding': 'br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, br, gzip]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(String(res.headers.vary)).toContain('accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('a favourite set by the family shows in their very next recommendations', async () => {
    const before = (await recommend()).json();
    const pick = before.recommendations[5].activity.id as string;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-activities/${pick}`,
      headers: auth,
      payload: { status: 'favorite' },
    });
    expect(put.statusCode).toBeLessThan(300);
    const after = (await recommend()).json();
    const favourite = after.recommendations.find(
      (r: { activity: { id: string } }) => r.activity.id === pick,
    );
    expect(favourite.reasons).toContain('One of your favourites');
  });

  it('a new child changes the basis at once', async () => {
    expect((await recommend()).json().basis.age).toBe(6);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/children',
      headers: auth,
      payload: { name: 'Leo', age: 10 },
    });
    expect((await recommend()).json().basis.age).toBe(8);
  });

  it("another family's writes and answers stay their own", async () => {
    const mine = (await recommend()).body;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/children',
      headers: otherAuth,
      payload: { name: 'Zoe', age: 3 },
    });
    expect((await recommend(otherAuth)).json().basis.age).toBe(3);
    expect((await recommend()).body).toBe(mine);
  });

  it('forgets an answer after its short life', async () => {
    let now = 0;
    const cache = createRecommendationsCache(() => now);
    const loaded: CompressedAnswer[] = [];
    const load = () => {
      loaded.push(new CompressedAnswer(`{"load":${loaded.length + 1}}`));
      return Promise.resolve(loaded.at(-1)!);
    };
    await cache.get('k', load);
    now = RECOMMENDATIONS_CACHE_MS - 1;
    expect(await cache.get('k', load)).toBe(loaded[0]);
    now = RECOMMENDATIONS_CACHE_MS;
    expect(await cache.get('k', load)).toBe(loaded[1]);
  });
});
