import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('children', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (
    user: CreatedUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.authHeader,
      ...(payload && { payload }),
    });

  const childNames = async (user: CreatedUser) =>
    ((await call(user, 'GET', '/profile')).json().familyInfo.children as { name: string }[]).map(
      (child) => child.name,
    );

  it('POST adds a child with defaults; it appears in the profile with its id', async () => {
    const ann = await createUser(t.app);
    const res = await call(ann, 'POST', '/profile/children', { name: '  Mia ', age: 5 });
    expect(res.statusCode).toBe(201);
    const child = res.json();
    expect(child).toMatchObject({
      name: 'Mia',
      age: 5,
      interests: [],
      avatar: null,
      ageRange: [5, 7],
      preferences: { indoorOutdoor: 'both', favoriteTypes: [], availableTimeSlots: [] },
    });
    expect(typeof child.id).toBe('string');
    const profile = (await call(ann, 'GET', '/profile')).json();
    expect(profile.familyInfo.children).toEqual([child]);
  });

  it('keeps every field given at creation', async () => {
    const ann = await createUser(t.app);
    const body = {
      name: 'Leo',
      age: 8,
      interests: ['lego', 'football'],
      avatar: '/api/v1/files/download/abc',
      ageRange: [6, 10],
      preferences: {
        indoorOutdoor: 'outdoor',
        favoriteTypes: ['nature'],
        availableTimeSlots: ['weekend'],
      },
    };
    const res = await call(ann, 'POST', '/children', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject(body);
  });

  it('children are listed in creation order, by index and by id alike', async () => {
    const ann = await createUser(t.app);
    for (const name of ['A', 'B', 'C'])
      await call(ann, 'POST', '/profile/children', { name, age: 3 });
    expect(await childNames(ann)).toEqual(['A', 'B', 'C']);

    const list = (await call(ann, 'GET', '/children')).json();
    expect(list.total).toBe(3);
    expect(list.children.map((c: { name: string }) => c.name)).toEqual(['A', 'B', 'C']);
    const page = (await call(ann, 'GET', '/children?skip=1&limit=1')).json();
    expect(page).toMatchObject({ total: 3, skip: 1, limit: 1 });
    expect(page.children.map((c: { name: string }) => c.name)).toEqual(['B']);

    const patched = await call(ann, 'PATCH', '/profile/children/1', { name: 'Bee' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().name).toBe('Bee');
    expect(patched.json().id).toBe(list.children[1].id);

    expect((await call(ann, 'DELETE', '/profile/children/0')).statusCode).toBe(204);
    expect(await childNames(ann)).toEqual(['Bee', 'C']);

    const byId = await call(ann, 'PATCH', `/children/${list.children[2].id}`, { age: 9 });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ name: 'C', age: 9, ageRange: [9, 11] });
    expect((await call(ann, 'DELETE', `/children/${list.children[2].id}`)).statusCode).toBe(204);
    expect(await childNames(ann)).toEqual(['Bee']);

    await call(ann, 'POST', '/children', { name: 'D', age: 1 });
    expect(await childNames(ann)).toEqual(['Bee', 'D']);
  });

  it('§5 an index outside 0..count-1 is "Child not found"', async () => {
    const ann = await createUser(t.app);
    await call(ann, 'POST', '/profile/children', { name: 'A', age: 3 });
    const notFound = { detail: 'Child not found', code: 'DATA_NOT_FOUND' };
    for (const index of ['1', '-1', '99', 'abc', '0.5', '1e0']) {
      for (const method of ['PATCH', 'DELETE'] as const) {
        const res = await call(
          ann,
          method,
          `/profile/children/${index}`,
          method === 'PATCH' ? { age: 4 } : undefined,
        );
        expect(res.statusCode, `${method} ${index}`).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
    }
    expect((await call(ann, 'PATCH', '/profile/children/0', { age: 4 })).statusCode).toBe(200);
    expect((await call(ann, 'PATCH', '/children/no-such-id', { age: 4 })).json()).toEqual(notFound);
    expect((await call(ann, 'DELETE', '/children/no-such-id')).json()).toEqual(notFound);
  });

  it('§5 "User profile not found" when the user has no profile', async () => {
    const bob = await createUser(t.app);
    await t.app.database.db.deleteFrom('profiles').where('familyId', '=', bob.familyId).execute();
    const expected = { detail: 'User profile not found', code: 'DATA_NOT_FOUND' };
    const attempts = [
      call(bob, 'POST', '/profile/children', { name: 'A', age: 3 }),
      call(bob, 'PATCH', '/profile/children/0', { age: 4 }),
      call(bob, 'DELETE', '/profile/children/0'),
      call(bob, 'GET', '/children'),
      call(bob, 'POST', '/children', { name: 'A', age: 3 }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(expected);
    }
  });

  it('a family has at most 12 children', async () => {
    const ann = await createUser(t.app);
    for (let i = 0; i < 12; i += 1) {
      const res = await call(ann, 'POST', i % 2 ? '/children' : '/profile/children', {
        name: `K${i}`,
        age: 4,
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await call(ann, 'POST', '/profile/children', { name: 'K12', age: 4 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'A family can have at most 12 children',
      code: 'VALIDATION_ERROR',
    });
    expect((await call(ann, 'POST', '/children', { name: 'K12', age: 4 })).statusCode).toBe(400);
    expect((await childNames(ann)).length).toBe(12);
  });

  it('the 12-children limit holds under concurrent additions', async () => {
    const ann = await createUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call(ann, 'POST', '/children', { name: `K${i}`, age: 4 }),
      ),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(12);
    expect(results.filter((res) => res.statusCode === 400)).toHaveLength(4);
    expect((await childNames(ann)).length).toBe(12);
  });

  it('bad input is a 400 naming the field', async () => {
    const ann = await createUser(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ age: 3 }, 'name'],
      [{ name: '', age: 3 }, 'name'],
      [{ name: 'x'.repeat(61), age: 3 }, 'name'],
      [{ name: 'A' }, 'age'],
      [{ name: 'A', age: 18 }, 'age'],
      [{ name: 'A', age: -1 }, 'age'],
      [{ name: 'A', age: 2.5 }, 'age'],
      [{ name: 'A', age: 3, interests: Array.from({ length: 21 }, () => 'x') }, 'interests'],
      [{ name: 'A', age: 3, interests: ['x'.repeat(41)] }, 'interests.0'],
      [{ name: 'A', age: 3, ageRange: [5, 2] }, 'ageRange'],
      [{ name: 'A', age: 3, avatar: 'javascript:alert(1)' }, 'avatar'],
      [{ name: 'A', age: 3, preferences: { indoorOutdoor: 'roof' } }, 'preferences.indoorOutdoor'],
      [{ name: 'A', age: 3, nickname: 'x' }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(ann, 'POST', '/profile/children', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.detail.startsWith(`${field}:`), body.detail).toBe(true);
    }
    await call(ann, 'POST', '/profile/children', { name: 'A', age: 3 });
    const res = await call(ann, 'PATCH', '/profile/children/0', { age: 30 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('age: Age must be a whole number from 0 to 17');
    expect(await childNames(ann)).toEqual(['A']);
  });

  it('§5 a default age range follows the age; an explicit one stays', async () => {
    const ann = await createUser(t.app);
    await call(ann, 'POST', '/children', { name: 'Default', age: 4 });
    await call(ann, 'POST', '/children', { name: 'Explicit', age: 4, ageRange: [2, 9] });
    expect((await call(ann, 'PATCH', '/profile/children/0', { age: 6 })).json().ageRange).toEqual([
      6, 8,
    ]);
    expect((await call(ann, 'PATCH', '/profile/children/1', { age: 6 })).json().ageRange).toEqual([
      2, 9,
    ]);
    const both = await call(ann, 'PATCH', '/profile/children/1', { age: 7, ageRange: [7, 8] });
    expect(both.json()).toMatchObject({ age: 7, ageRange: [7, 8] });
  });

  it('PATCH merges preferences and keeps the fields it does not name', async () => {
    const ann = await createUser(t.app);
    await call(ann, 'POST', '/children', {
      name: 'Mia',
      age: 5,
      interests: ['art'],
      preferences: { indoorOutdoor: 'indoor', favoriteTypes: ['creative-arts'] },
    });
    const res = await call(ann, 'PATCH', '/profile/children/0', {
      preferences: { availableTimeSlots: ['morning', 'evening'] },
    });
    expect(res.json()).toMatchObject({
      name: 'Mia',
      age: 5,
      interests: ['art'],
      preferences: {
        indoorOutdoor: 'indoor',
        favoriteTypes: ['creative-arts'],
        availableTimeSlots: ['morning', 'evening'],
      },
    });
  });

  it('another family’s children answer 404 exactly like missing ones', async () => {
    const ann = await createUser(t.app);
    const bob = await createUser(t.app);
    const mia = (await call(ann, 'POST', '/children', { name: 'Mia', age: 5 })).json();
    const notFound = { detail: 'Child not found', code: 'DATA_NOT_FOUND' };
    for (const res of [
      await call(bob, 'PATCH', `/children/${mia.id}`, { name: 'Stolen' }),
      await call(bob, 'DELETE', `/children/${mia.id}`),
      await call(bob, 'PATCH', '/profile/children/0', { name: 'Stolen' }),
      await call(bob, 'DELETE', '/profile/children/0'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect((await call(bob, 'GET', '/children')).json().children).toEqual([]);
    expect((await call(bob, 'GET', '/profile')).json().familyInfo.children).toEqual([]);
    expect(await childNames(ann)).toEqual(['Mia']);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/children',
      payload: { name: 'A', age: 1 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('deleting the family removes the profile and the children', async () => {
    const ann = await createUser(t.app);
    await call(ann, 'POST', '/children', { name: 'Mia', age: 5 });
    const { db } = t.app.database;
    await db.deleteFrom('families').where('id', '=', ann.familyId).execute();
    const left = await db
      .selectFrom('children')
      .select('id')
      .where('familyId', '=', ann.familyId)
      .execute();
    expect(left).toEqual([]);
    const profile = await db
      .selectFrom('profiles')
      .select('familyId')
      .where('familyId', '=', ann.familyId)
      .execute();
    expect(profile).toEqual([]);
  });
});
