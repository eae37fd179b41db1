import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_OWN_ACTIVITIES } from '@kkb/core/activities/activity-input';
import { MAX_FILES } from '@kkb/core/family/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../test/create-user.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { OWN_ACTIVITY } from '../test/own-activity.ts';

/** 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Issue 8: every read-modify-write and every count limit of a family holds when many requests
 * arrive at once (on PostgreSQL they run on separate connections; each takes the family's lock).
 */
describe('concurrent writes of one family', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const inject = (
    user: CreatedUser,
    method: 'PUT' | 'POST',
    url: string,
    payload: Record<string, unknown> | Buffer,
    contentType?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...user.authHeader, ...(contentType && { 'content-type': contentType }) },
      payload,
    });

  it('keeps every key of 20 concurrent PUT /progress', async () => {
    const user = await createUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inject(user, 'PUT', '/api/v1/progress', { [`key${i}`]: i }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const stored = (
      await t.app.inject({ method: 'GET', url: '/api/v1/progress', headers: user.authHeader })
    ).json();
    for (let i = 0; i < 20; i++) expect(stored[`key${i}`], `key${i}`).toBe(i);
  });

  it('keeps every key of concurrent PUT /progress sent by two members of one family', async () => {
    const owner = await createUser(t.app);
    const invite = await inject(owner, 'POST', '/api/v1/family/invites', { role: 'parent' });
    const parent = await createUser(t.app);
    const joined = await inject(parent, 'POST', '/api/v1/family/join', {
      token: invite.json().token,
    });
    expect(joined.statusCode).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inject(i % 2 === 0 ? owner : parent, 'PUT', '/api/v1/progress', { [`key${i}`]: i }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const stored = (
      await t.app.inject({ method: 'GET', url: '/api/v1/progress', headers: parent.authHeader })
    ).json();
    for (let i = 0; i < 20; i++) expect(stored[`key${i}`], `key${i}`).toBe(i);
  });

  it('keeps every change of 5 concurrent PUT /profile writers over 10 rounds', async () => {
    const user = await createUser(t.app);
    const writers: ((round: number) => Record<string, unknown>)[] = [
      (r) => ({ displayName: `Name ${r}` }),
      (r) => ({ familyInfo: { familyName: `Family ${r}` } }),
      (r) => ({ preferences: { notifications: r % 2 === 0 } }),
      (r) => ({ location: { city: `City ${r}` } }),
      (r) => ({ preferences: { defaultFilters: { timeAvailable: 10 + r } } }),
    ];
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all(
        writers.map((write) => inject(user, 'PUT', '/api/v1/profile', write(round))),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
      const profile = (
        await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: user.authHeader })
      ).json();
      expect(profile.displayName).toBe(`Name ${round}`);
      expect(profile.familyInfo.familyName).toBe(`Family ${round}`);
      expect(profile.preferences.notifications).toBe(round % 2 === 0);
      expect(profile.location.city).toBe(`City ${round}`);
      expect(profile.preferences.defaultFilters.timeAvailable).toBe(10 + round);
    }
  });

  it(`holds the ${MAX_OWN_ACTIVITIES} own-activity limit under 20 concurrent additions`, async () => {
    const user = await createUser(t.app);
    const nowIso = new Date().toISOString();
    const seeded = MAX_OWN_ACTIVITIES - 5;
    const rows = Array.from({ length: seeded }, (_, i) => ({
      id: `own-seed-${i}`,
      familyId: user.familyId,
      data: JSON.stringify(OWN_ACTIVITY),
      createdAt: nowIso,
      updatedAt: nowIso,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await t.app.database.db
        .insertInto('customActivities')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const results = await Promise.all(
      Array.from({ length: 20 }, () => inject(user, 'POST', '/api/v1/activities', OWN_ACTIVITY)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(15);
    const count = await t.app.database.db
      .selectFrom('customActivities')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('familyId', '=', user.familyId)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(MAX_OWN_ACTIVITIES);
  });

  it(`holds the ${MAX_FILES}-file limit under 10 concurrent uploads`, async () => {
    const user = await createUser(t.app);
    const nowIso = new Date().toISOString();
    const rows = Array.from({ length: MAX_FILES - 3 }, (_, i) => ({
      id: `seed-${i}`,
      familyId: user.familyId,
      path: `seed/${i}.png`,
      storageName: `missing-${i}`,
      contentType: 'image/png',
      size: PNG.length,
      downloadToken: crypto.randomBytes(16).toString('hex'),
      createdAt: nowIso,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await t.app.database.db
        .insertInto('files')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        inject(user, 'PUT', `/api/v1/files/new/${i}.png`, PNG, 'image/png'),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(7);
    const count = await t.app.database.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('familyId', '=', user.familyId)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(MAX_FILES);
  });

  it('leaves exactly one file on disk after 20 concurrent uploads to one path', async () => {
    const user = await createUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        inject(user, 'PUT', '/api/v1/files/avatars/me.png', PNG, 'image/png'),
      ),
    );
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    const row = await t.app.database.db
      .selectFrom('files')
      .select('storageName')
      .where('familyId', '=', user.familyId)
      .executeTakeFirstOrThrow();
    const onDisk = fs.readdirSync(path.join(t.config.dataDir, 'files', user.familyId));
    expect(onDisk).toEqual([row.storageName]);
  });
});

describe('a correctly signed token of a deleted user (issue 8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const deleteUser = (userId: string) =>
    t.app.database.db.deleteFrom('users').where('id', '=', userId).execute();

  it('answers 401 on reads and writes', async () => {
    const user = await createUser(t.app);
    await deleteUser(user.userId);
    for (const [method, url] of [
      ['GET', '/api/v1/progress'],
      ['PUT', '/api/v1/progress'],
      ['POST', '/api/v1/children'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: user.authHeader,
        ...(method !== 'GET' && { payload: { name: 'Mia', age: 4 } }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('AUTHENTICATION_REQUIRED');
    }
  });

  it('answers 401 on writes even while another process still holds its standing', async () => {
    const user = await createUser(t.app);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/progress',
      headers: user.authHeader,
    });
    expect(read.statusCode).toBe(200);
    // Deleted behind this process's back: its cached standing still says the user exists.
    await deleteUser(user.userId);
    const writes = [
      { method: 'PUT' as const, url: '/api/v1/progress', payload: { level: 1 } },
      { method: 'POST' as const, url: '/api/v1/children', payload: { name: 'Mia', age: 4 } },
      { method: 'POST' as const, url: '/api/v1/activities', payload: OWN_ACTIVITY },
      {
        method: 'POST' as const,
        url: '/api/v1/activities/cardboard-box-castle/complete',
        payload: {},
      },
      {
        method: 'PUT' as const,
        url: '/api/v1/user-activities/cardboard-box-castle',
        payload: { status: 'favorite' },
      },
    ];
    for (const { method, url, payload } of writes) {
      const res = await t.app.inject({ method, url, headers: user.authHeader, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/files/a.png',
      headers: { ...user.authHeader, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(upload.statusCode).toBe(401);
  });
});
