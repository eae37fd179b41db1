import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../test/create-user.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { JSON_TOO_DEEP_MESSAGE, NUL_CHARACTER_MESSAGE } from './input-guard.ts';

const NUL = '\u0000';

describe('input no route can use (issue 8)', () => {
  let t: TestApp;
  let user: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.app);
  });
  afterAll(() => t.close());

  const expectNulRefused = (res: { statusCode: number; json: () => unknown }, label: string) => {
    expect(res.statusCode, label).toBe(400);
    expect(res.json(), label).toEqual({ detail: NUL_CHARACTER_MESSAGE, code: 'VALIDATION_ERROR' });
  };

  it('refuses U+0000 in paths and queries, before sign-in', async () => {
    for (const url of [
      '/api/v1/files/download/%00',
      '/api/v1/files/avatars/a%00.png',
      '/api/v1/activities/%00',
      '/api/v1/auth/verify-email?token=%00',
      '/api/v1/weather?city=Ber%00lin',
    ]) {
      expectNulRefused(await t.app.inject({ method: 'GET', url }), url);
    }
  });

  it('refuses U+0000 in any JSON string or key, signed in or not', async () => {
    const cases: { url: string; method: 'POST' | 'PUT'; payload: unknown; signedIn?: boolean }[] = [
      {
        url: '/api/v1/auth/login',
        method: 'POST',
        payload: { email: `a${NUL}@b.co`, password: 'x' },
      },
      {
        url: '/api/v1/auth/register',
        method: 'POST',
        payload: { name: `Ann${NUL}`, email: 'ann@example.com', password: 'violet-harbour-42' },
      },
      { url: '/api/v1/auth/password-reset', method: 'POST', payload: { email: `${NUL}@b.co` } },
      {
        url: '/api/v1/profile',
        method: 'PUT',
        payload: { familyInfo: { familyName: `The ${NUL}` } },
        signedIn: true,
      },
      { url: '/api/v1/progress', method: 'PUT', payload: { [`k${NUL}`]: 1 }, signedIn: true },
    ];
    for (const { url, method, payload, signedIn } of cases) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json', ...(signedIn ? user.authHeader : {}) },
        payload: JSON.stringify(payload),
      });
      expectNulRefused(res, url);
    }
  });

  it('refuses JSON nested thousands of levels deep with 400, not a stack overflow', async () => {
    const depth = 6000;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/progress',
      headers: { ...user.authHeader, 'content-type': 'application/json' },
      payload: `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: JSON_TOO_DEEP_MESSAGE, code: 'VALIDATION_ERROR' });
  });

  it('keeps ordinary nesting working', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/progress',
      headers: user.authHeader,
      payload: {
        drawing: {
          layers: [
            {
              strokes: [
                [1, 2],
                [3, 4],
              ],
            },
          ],
        },
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a completion time before the year 1970 (0999 threw RangeError)', async () => {
    for (const completedAt of ['0999-06-01T12:00:00Z', '1969-12-31T23:59:59Z']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/activities/cardboard-box-castle/complete',
        headers: user.authHeader,
        payload: { completedAt },
      });
      expect(res.statusCode, completedAt).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});
