import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('family profile', () => {
  let t: TestApp;
  let ann: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t.app, { name: 'Ann', email: 'ann@example.com' });
  });
  afterAll(() => t.close());

  const getProfile = (user: CreatedUser = ann) =>
    t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: user.authHeader });
  const putProfile = (payload: unknown, user: CreatedUser = ann) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: user.authHeader,
      payload: payload as Record<string, unknown>,
    });

  it('§3 a new profile holds the spec’s defaults, with an empty structured city', async () => {
    const res = await getProfile();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      uid: ann.userId,
      email: 'ann@example.com',
      displayName: 'Ann',
      photoURL: '/placeholder-avatar.svg',
      familyInfo: {
        familyName: 'Our Family',
        children: [],
        location: 'San Francisco, CA',
        timezone: 'America/Los_Angeles',
      },
      location: { city: '', state: '', country: '', lat: null, lon: null },
      preferences: {
        notifications: true,
        weatherAlerts: true,
        activityReminders: true,
        privacy: 'family',
        units: 'metric',
        defaultFilters: { ageRange: [3, 8], timeAvailable: 30, location: 'both' },
      },
    });
    expect(body.createdAt).toBe(body.updatedAt);
    // The member's own last sign-in: this test's user never signed in.
    expect(body.lastLogin).toBeNull();
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      detail: 'Please log in to continue',
      code: 'AUTHENTICATION_REQUIRED',
    });
  });

  it('PUT deep-merges familyInfo, location and preferences, sets updatedAt, keeps createdAt', async () => {
    const before = (await getProfile()).json();
    const res = await putProfile({
      displayName: 'Ann Smith',
      familyInfo: { familyName: 'The Smiths' },
      location: { city: 'Austin', state: 'TX', country: 'US', lat: 30.27, lon: -97.74 },
      preferences: { weatherAlerts: false, units: 'metric', defaultFilters: { ageRange: [4, 6] } },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.displayName).toBe('Ann Smith');
    expect(after.familyInfo).toEqual({
      familyName: 'The Smiths',
      children: [],
      location: 'Austin, TX',
      timezone: 'America/Los_Angeles',
    });
    expect(after.location).toEqual({
      city: 'Austin',
      state: 'TX',
      country: 'US',
      lat: 30.27,
      lon: -97.74,
    });
    expect(after.preferences).toEqual({
      notifications: true,
      weatherAlerts: false,
      activityReminders: true,
      privacy: 'family',
      units: 'metric',
      defaultFilters: { ageRange: [4, 6], timeAvailable: 30, location: 'both' },
    });
    expect(after.createdAt).toBe(before.createdAt);
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect((await getProfile()).json()).toEqual(after);

    const second = (
      await putProfile({ preferences: { defaultFilters: { timeAvailable: 45 } } })
    ).json();
    expect(second.preferences.defaultFilters).toEqual({
      ageRange: [4, 6],
      timeAvailable: 45,
      location: 'both',
    });
    expect(second.preferences.units).toBe('metric');
    expect(second.familyInfo.familyName).toBe('The Smiths');
  });

  it('refuses children, unknown keys and bad values with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ familyInfo: { children: [] } }, 'familyInfo'],
      [{ uid: 'someone-else' }, 'body'],
      [{ preferences: { units: 'kelvin' } }, 'preferences.units'],
      [{ familyInfo: { timezone: 'Mars/Base' } }, 'familyInfo.timezone'],
      [
        { preferences: { defaultFilters: { ageRange: [8, 3] } } },
        'preferences.defaultFilters.ageRange',
      ],
      [{ location: { lat: 100 } }, 'location.lat'],
      [{ photoURL: 'javascript:alert(1)' }, 'photoURL'],
      [{ displayName: '' }, 'displayName'],
    ];
    for (const [payload, field] of cases) {
      const res = await putProfile(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.detail.startsWith(`${field}:`), body.detail).toBe(true);
    }
    const res = await putProfile([1, 2]);
    expect(res.statusCode).toBe(400);
  });

  it("lastLogin is the member's own last sign-in", async () => {
    const signInTime = '2030-05-06T07:08:09.000Z';
    await t.app.database.db
      .updateTable('users')
      .set({ lastLoginAt: signInTime })
      .where('id', '=', ann.userId)
      .execute();
    expect((await getProfile()).json().lastLogin).toBe(signInTime);
  });

  it('answers "User profile not found" when the user has no profile', async () => {
    const bob = await createUser(t.app, { name: 'Bob' });
    await t.app.database.db.deleteFrom('profiles').where('familyId', '=', bob.familyId).execute();
    const expected = { detail: 'User profile not found', code: 'DATA_NOT_FOUND' };
    const get = await getProfile(bob);
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual(expected);
    const put = await putProfile({ displayName: 'Bob' }, bob);
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual(expected);
  });

  it('falls back to "Family User" for an empty registered name', async () => {
    const nameless = await createUser(t.app, { name: '' });
    expect((await getProfile(nameless)).json().displayName).toBe('Family User');
  });

  it('is documented in OpenAPI', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/api/openapi.json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/profile',
        '/api/v1/profile/children',
        '/api/v1/profile/children/{index}',
        '/api/v1/children',
        '/api/v1/children/{id}',
        '/api/v1/progress',
        '/api/v1/files/{path}',
        '/api/v1/files/download/{token}',
      ]),
    );
  });
});
