import fs from 'node:fs';
import path from 'node:path';
import {
  FORMER_MEMBER_ID,
  OWNER_MUST_HAND_OVER_MESSAGE,
  RECENT_SIGN_IN_MS,
  RECENT_SIGN_IN_REQUIRED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '@kkb/core/account/account';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, joinFamily, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { login, registerUser, STRONG_PASSWORD } from '../auth/test-helpers.ts';
import { pngBytes } from '../../test/images.ts';
import { OWN_ACTIVITY } from '../../test/own-activity.ts';

const PNG = pngBytes();
const SCAVENGER_HUNT = 'backyard-scavenger-hunt';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Signed = Pick<CreatedUser, 'userId' | 'familyId' | 'email' | 'authHeader'>;

async function call(user: Signed, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.authHeader,
    ...(payload !== undefined && { payload: payload as object }),
  });
}

async function ok(user: Signed, method: Method, url: string, payload?: unknown) {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

/** A user who signed up with a password, signed in, in a family of their own. */
async function passwordUser(): Promise<Signed & { password: string }> {
  const { user, email, password } = await registerUser(t.app);
  const tokens = await login(t.app, email, password);
  const authHeader = { authorization: `Bearer ${tokens.access_token}` };
  const profile = (
    await t.app.inject({ method: 'GET', url: '/api/v1/family', headers: authHeader })
  ).json();
  return { userId: user.id, familyId: profile.id, email, authHeader, password };
}

/**
 * Something in every family-owned table (a child, a file, progress, an own activity, marks, a
 * completion) and in the user's own ones (a notification, notification preferences).
 */
async function seed(user: Signed) {
  await ok(user, 'POST', '/notifications', { title: 'Note to self', message: 'Buy crayons' });
  // Preferences changed from the defaults, so that the export has some to show.
  await ok(user, 'PUT', '/notifications/preferences', {
    dailySummaryTime: '18:30',
    quietHours: { enabled: false, start: '21:00', end: '07:00' },
  });
  const mia = (await ok(user, 'POST', '/children', { name: 'Mia', age: 6 })).json<{ id: string }>();
  await t.app.inject({
    method: 'PUT',
    url: '/api/v1/files/avatars/mia.png',
    headers: { ...user.authHeader, 'content-type': 'image/png' },
    payload: PNG,
  });
  await ok(user, 'PUT', '/progress', { level: 2 });
  await ok(user, 'POST', '/activities', OWN_ACTIVITY);
  await ok(user, 'PUT', `/user-activities/${SCAVENGER_HUNT}`, { status: 'favorite' });
  await ok(user, 'POST', `/activities/${SCAVENGER_HUNT}/complete`, { childIds: [mia.id] });
  return { miaId: mia.id };
}

async function joinAs(
  owner: Signed,
  role: 'parent' | 'caregiver',
  name: string,
): Promise<CreatedUser> {
  return joinFamily(t.app, owner, await createUser(t.app, { name }), role);
}

/** Every table of the database, from the catalogue itself (sqlite_master or information_schema). */
async function allTables(): Promise<string[]> {
  const { db, kind } = t.app.database;
  const rows =
    kind === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db);
  return rows.rows.map((row) => row.name);
}

/** `table: row` for every row, in any table, whose values mention one of `needles`. */
async function rowsMentioning(...needles: string[]): Promise<string[]> {
  const found: string[] = [];
  const tables = await allTables();
  expect(tables).toEqual(expect.arrayContaining(['users', 'families', 'files', 'activity_log']));
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      t.app.database.db,
    );
    for (const row of rows) {
      const text = JSON.stringify(row).toLowerCase();
      if (needles.some((needle) => text.includes(needle.toLowerCase()))) {
        found.push(`${table}: ${JSON.stringify(row)}`);
      }
    }
  }
  return found;
}

const familyFilesDir = (familyId: string) => path.join(t.config.dataDir, 'files', familyId);

describe('GET /account/export (issue 18)', () => {
  it('hands over the family data as a dated ZIP of JSON files with the uploaded files', async () => {
    const owner = await passwordUser();
    const { miaId } = await seed(owner);
    const res = await call(owner, 'GET', '/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="keep-kid-busy-export-${today}.zip"`,
    );
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const read = (name: string) => {
      const bytes = entries[name];
      expect(bytes, name).toBeDefined();
      return JSON.parse(new TextDecoder().decode(bytes));
    };
    expect(Object.keys(entries).sort()).toEqual([
      'account.json',
      'achievements.json',
      'activity-log.json',
      'animations.json',
      'children.json',
      'files.json',
      'files/avatars/mia.png',
      'members.json',
      'notification-preferences.json',
      'notifications.json',
      'own-activities.json',
      'plans.json',
      'profile.json',
      'progress.json',
      'stats.json',
      'user-activities.json',
    ]);
    expect(read('account.json')).toMatchObject({ email: owner.email });
    expect(read('profile.json')).toMatchObject({ uid: owner.userId, email: owner.email });
    expect(read('profile.json').familyInfo.children).toHaveLength(1);
    expect(read('children.json')).toEqual([expect.objectContaining({ name: 'Mia', age: 6 })]);
    expect(read('members.json')).toEqual([
      expect.objectContaining({ name: 'Test Parent', role: 'owner' }),
    ]);
    expect(JSON.stringify(read('own-activities.json'))).toContain('Kitchen Disco');
    expect(read('user-activities.json')).toEqual([
      expect.objectContaining({ activityId: SCAVENGER_HUNT, favorite: 1 }),
    ]);
    // Issue 29: each completion with the children who played.
    expect(read('activity-log.json')).toEqual([
      expect.objectContaining({
        activityId: SCAVENGER_HUNT,
        completedBy: owner.userId,
        childIds: [miaId],
        response: expect.objectContaining({ userActivity: expect.any(Object) }),
      }),
    ]);
    expect(read('activity-log.json')[0]).not.toHaveProperty('familyId');
    expect(read('stats.json')).toHaveLength(1);
    expect(read('achievements.json').length).toBeGreaterThan(0);
    expect(read('progress.json')).toEqual([expect.objectContaining({ data: { level: 2 } })]);
    expect(read('animations.json')).toEqual([]);
    expect(read('plans.json')).toEqual([]);
    expect(read('notifications.json')).toEqual([
      expect.objectContaining({ type: 'general', title: 'Note to self', data: {}, read: 0 }),
      expect.objectContaining({
        type: 'achievement',
        data: expect.objectContaining({ achievementId: 'first-activity' }),
      }),
    ]);
    expect(read('notification-preferences.json')).toMatchObject({ dailySummaryTime: '18:30' });
    expect(read('files.json')).toEqual([
      expect.objectContaining({ path: 'avatars/mia.png', contentType: 'image/png' }),
    ]);
    expect(Buffer.from(entries['files/avatars/mia.png']!).equals(PNG)).toBe(true);
    // The download address is a credential: it stays out of the archive.
    expect(JSON.stringify(read('files.json'))).not.toMatch(/token|storage/i);
  });

  it('any member may export; other members show by name and role, never by e-mail', async () => {
    const owner = await passwordUser();
    await seed(owner);
    const caregiver = await joinAs(owner, 'caregiver', 'Grandma');
    const res = await call(caregiver, 'GET', '/account/export');
    expect(res.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const everything = Object.values(entries)
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    expect(everything).not.toContain(owner.email);
    expect(everything).toContain(caregiver.email);
    // Notifications are each member's own: the owner's stay out of the caregiver's export.
    expect(everything).not.toContain('Note to self');
    expect(JSON.parse(new TextDecoder().decode(entries['notifications.json']))).toEqual([]);
    const members = JSON.parse(new TextDecoder().decode(entries['members.json']));
    expect(members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Test Parent', 'owner'],
      ['Grandma', 'caregiver'],
    ]);
  });

  it('needs a sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/account/export' });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /account (issue 18)', () => {
  it('the last member takes the family along: nothing of them is left in any table or on disk', async () => {
    const owner = await passwordUser();
    await seed(owner);
    const other = await passwordUser();
    await seed(other);
    expect(fs.existsSync(familyFilesDir(owner.familyId))).toBe(true);
    expect(await rowsMentioning(owner.userId)).not.toEqual([]);

    const wrong = await call(owner, 'DELETE', '/account', { password: 'not-my-password-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(WRONG_PASSWORD_MESSAGE);
    expect((await call(owner, 'DELETE', '/account', {})).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/profile')).statusCode).toBe(200);

    const res = await call(owner, 'DELETE', '/account', { password: owner.password });
    expect(res.statusCode).toBe(204);
    expect(await rowsMentioning(owner.userId, owner.email, owner.familyId)).toEqual([]);
    expect(fs.existsSync(familyFilesDir(owner.familyId))).toBe(false);
    expect((await call(owner, 'GET', '/profile')).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner.email, password: STRONG_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    // Another family is untouched.
    expect((await call(other, 'GET', '/children')).json().children).toHaveLength(1);
    expect(fs.existsSync(familyFilesDir(other.familyId))).toBe(true);
  });

  it('wrong passwords count like failed sign-ins: after 5, even the right one waits', async () => {
    const owner = await passwordUser();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await call(owner, 'DELETE', '/account', { password: `wrong-guess-${i}` });
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await call(owner, 'DELETE', '/account', { password: owner.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(owner, 'GET', '/profile')).statusCode).toBe(200);
  });

  it('the owner of a shared family hands ownership over first', async () => {
    const owner = await passwordUser();
    await joinAs(owner, 'parent', 'Dad');
    const res = await call(owner, 'DELETE', '/account', { password: owner.password });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: OWNER_MUST_HAND_OVER_MESSAGE, code: 'VALIDATION_ERROR' });
    expect((await call(owner, 'GET', '/profile')).statusCode).toBe(200);
  });

  it('a member who goes leaves the family and its history, without their name on it', async () => {
    const owner = await passwordUser();
    await seed(owner);
    const parent = await joinAs(owner, 'parent', 'Leaving Dad');
    await ok(parent, 'PUT', `/user-activities/${SCAVENGER_HUNT}`, { status: 'tried' });
    await ok(parent, 'POST', `/activities/${SCAVENGER_HUNT}/complete`);
    // Ownership handed to the member and back: the profile stays the creator's.
    await ok(owner, 'PATCH', `/family/members/${parent.userId}`, { role: 'owner' });
    await ok(parent, 'PATCH', `/family/members/${owner.userId}`, { role: 'owner' });

    const res = await call(parent, 'DELETE', '/account', {});
    expect(res.statusCode).toBe(204);
    expect(await rowsMentioning(parent.userId, parent.email, 'Leaving Dad')).toEqual([]);
    const family = (await call(owner, 'GET', '/family')).json();
    expect(family.members.map((m: { userId: string }) => m.userId)).toEqual([owner.userId]);
    const stats = (await call(owner, 'GET', '/stats')).json();
    expect(stats.totalActivities).toBe(2);
    const log = await t.app.database.db
      .selectFrom('activityLog')
      .select('completedBy')
      .where('familyId', '=', owner.familyId)
      .execute();
    expect(log.map((row) => row.completedBy).sort()).toEqual(
      [FORMER_MEMBER_ID, owner.userId].sort(),
    );
    expect(fs.existsSync(familyFilesDir(owner.familyId))).toBe(true);
  });

  it('a creator who handed ownership over passes the profile on to the new owner', async () => {
    const creator = await passwordUser();
    await seed(creator);
    const heir = await joinAs(creator, 'parent', 'Next Owner');
    await ok(creator, 'PATCH', `/family/members/${heir.userId}`, { role: 'owner' });

    const res = await call(creator, 'DELETE', '/account', { password: creator.password });
    expect(res.statusCode).toBe(204);
    expect(await rowsMentioning(creator.userId, creator.email)).toEqual([]);
    const profile = (await call(heir, 'GET', '/profile')).json();
    expect(profile).toMatchObject({
      uid: heir.userId,
      email: heir.email,
      displayName: 'Next Owner',
    });
    expect(profile.familyInfo.children).toHaveLength(1);
    expect(fs.existsSync(familyFilesDir(heir.familyId))).toBe(true);
  });

  it('an account without a password needs a sign-in from the last 10 minutes', async () => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now - RECENT_SIGN_IN_MS - 1000);
    const user = await createUser(t.app);
    vi.useRealTimers();
    const stale = await call(user, 'DELETE', '/account', {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json().detail).toBe(RECENT_SIGN_IN_REQUIRED_MESSAGE);

    const fresh = {
      ...user,
      authHeader: { authorization: `Bearer ${await t.app.accessTokens.sign(user.userId)}` },
    };
    expect((await call(fresh, 'DELETE', '/account', {})).statusCode).toBe(204);
    expect(await rowsMentioning(user.userId, user.email, user.familyId)).toEqual([]);
  });

  it('is documented in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/v1/account/export'].get).toBeDefined();
    expect(doc.paths['/api/v1/account'].delete).toBeDefined();
  });
});
