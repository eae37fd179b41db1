import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('progress', () => {
  let t: TestApp;
  let ann: CreatedUser;
  let bob: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t.app);
    bob = await createUser(t.app);
  });
  afterAll(() => t.close());

  const get = (user: CreatedUser) =>
    t.app.inject({ method: 'GET', url: '/api/v1/progress', headers: user.authHeader });
  const put = (user: CreatedUser, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/progress',
      headers: user.authHeader,
      payload: payload as Record<string, unknown>,
    });

  it('is empty with a null updatedAt before the first save', async () => {
    const res = await get(ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updatedAt: null });
  });

  it('§3 PUT merges top-level free fields and sets updatedAt', async () => {
    const first = await put(ann, { level: 2, badges: ['a', 'b'], drawing: { strokes: 3 } });
    expect(first.statusCode).toBe(200);
    const firstBody = first.json();
    expect(firstBody).toMatchObject({ level: 2, badges: ['a', 'b'], drawing: { strokes: 3 } });
    expect(typeof firstBody.updatedAt).toBe('string');

    const second = (await put(ann, { badges: ['c'], drawing: { colour: 'red' }, stars: 0 })).json();
    expect(second).toMatchObject({
      level: 2,
      badges: ['c'],
      drawing: { colour: 'red' },
      stars: 0,
    });
    expect(second.updatedAt >= firstBody.updatedAt).toBe(true);
    expect((await get(ann)).json()).toEqual(second);
  });

  it('updatedAt is the server’s, not a free field', async () => {
    const res = (await put(ann, { updatedAt: '1999-01-01T00:00:00.000Z' })).json();
    expect(res.updatedAt).not.toBe('1999-01-01T00:00:00.000Z');
  });

  it('is per family', async () => {
    expect((await get(bob)).json()).toEqual({ updatedAt: null });
    await put(bob, { level: 9 });
    expect((await get(ann)).json().level).toBe(2);
  });

  it('refuses a body that is not an object, and progress over 64 KB', async () => {
    for (const payload of [[1, 2], 'text', 3]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/progress',
        headers: { ...ann.authHeader, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const big = await put(ann, { notes: 'x'.repeat(64 * 1024) });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({
      detail: 'Progress must be at most 64 KB',
      code: 'VALIDATION_ERROR',
    });
    expect((await get(ann)).json().notes).toBeUndefined();
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/progress' })).statusCode).toBe(401);
  });
});
