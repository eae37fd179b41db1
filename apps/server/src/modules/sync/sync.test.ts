import crypto from 'node:crypto';
import type http from 'node:http';
import type { TAchievementList, TFamilyStats } from '@kkb/core/achievements/schema';
import type { TUserActivityList } from '@kkb/core/activities/user-activity';
import type { TInviteCreated } from '@kkb/core/family/members';
import { ACTION_DESCRIPTIONS } from '@kkb/core/family/permissions';
import type { TChild, TFamilyProfile } from '@kkb/core/family/schema';
import { formatErrorMessage } from '@kkb/core/errors/catalogue';
import { MAX_SYNC_ACTIONS } from '@kkb/core/sync/limits';
import {
  FOREIGN_FAMILY_SYNC_MESSAGE,
  SYNC_ACTION_KINDS,
  SYNC_PAYLOADS,
  unknownSyncKindMessage,
  ZSyncResponse,
  type TQueuedSyncAction,
  type TSyncResult,
} from '@kkb/core/sync/schema';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { OWN_ACTIVITY } from '../../test/own-activity.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Built-in activities (core catalogue).
const CASTLE = 'cardboard-box-castle';
const SCAVENGER_HUNT = 'backyard-scavenger-hunt';
const DAY_MS = 86_400_000;

let t: TestApp;
let app: FastifyInstance;
/** What the server logged (warnings and up). */
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'warn' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  app = t.app;
});
afterAll(() => t.close());

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function queued(kind: string, payload: unknown, queuedAt = ago(0)): TQueuedSyncAction {
  return { clientId: crypto.randomUUID(), kind, payload, queuedAt };
}

const sync = (user: CreatedUser, actions: unknown[]) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/sync',
    headers: user.authHeader,
    payload: { actions },
  });

async function syncOk(user: CreatedUser, actions: unknown[]): Promise<TSyncResult[]> {
  const res = await sync(user, actions);
  expect(res.statusCode, res.body).toBe(200);
  return ZSyncResponse.parse(res.json()).results;
}

const statuses = (results: TSyncResult[]) => results.map((r) => r.status);

async function call<T>(
  user: CreatedUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<T> {
  const res = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.authHeader,
    ...(payload && { payload }),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return (res.body ? res.json() : undefined) as T;
}

const stats = (user: CreatedUser) => call<TFamilyStats>(user, 'GET', '/stats');
const userActivities = async (user: CreatedUser) =>
  (await call<TUserActivityList>(user, 'GET', '/user-activities')).userActivities;
const syncRecords = (familyId: string) =>
  app.database.db
    .selectFrom('syncActions')
    .select(['clientId', 'kind', 'status', 'detail'])
    .where('familyId', '=', familyId)
    .execute();

async function joinAs(owner: CreatedUser, role: 'parent' | 'caregiver'): Promise<CreatedUser> {
  const user = await createUser(app, { name: role });
  const { token } = await call<TInviteCreated>(owner, 'POST', '/family/invites', { role });
  await call(user, 'POST', '/family/join', { token });
  return { ...user, familyId: owner.familyId };
}

const favorite = (activityId: string, on = true) =>
  queued('saveUserActivity', { activityId, mark: 'favorite', on });

describe('POST /sync applies queued offline actions (DESIGN, Sync; spec §4 Connectivity)', () => {
  it('applies every kind through the rules of the route that does the same online', async () => {
    const user = await createUser(app);
    const first = await syncOk(user, [
      favorite(CASTLE),
      queued('saveUserActivity', { activityId: SCAVENGER_HUNT, mark: 'tried', on: true }),
      queued('addAchievement', { activityId: CASTLE, minutes: 15 }),
      queued('updateProfile', { familyInfo: { familyName: 'The Offliners' } }),
      queued('addChild', { name: 'Mia', age: 4 }),
    ]);
    expect(statuses(first)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect(first.every((r) => r.detail === undefined)).toBe(true);

    const marks = await userActivities(user);
    expect(marks.find((m) => m.activityId === CASTLE)).toMatchObject({
      favorite: true,
      tried: true,
      completedBy: user.userId,
    });
    expect(marks.find((m) => m.activityId === SCAVENGER_HUNT)).toMatchObject({ tried: true });
    expect(await stats(user)).toMatchObject({ totalActivities: 1, totalTimeSpent: 15 });
    const profile = await call<TFamilyProfile>(user, 'GET', '/profile');
    expect(profile.familyInfo.familyName).toBe('The Offliners');
    const [mia] = profile.familyInfo.children;
    // The child gets the defaults its route gives (spec §5: age range [age, age+2]).
    expect(mia).toMatchObject({ name: 'Mia', age: 4, ageRange: [4, 6] });

    const second = await syncOk(user, [
      queued('updateChild', { childId: mia!.id, changes: { age: 5 } }),
      queued('removeUserActivity', { activityId: SCAVENGER_HUNT }),
    ]);
    expect(statuses(second)).toEqual(['applied', 'applied']);
    expect(await call<TChild>(user, 'GET', `/children`)).toMatchObject({
      children: [{ id: mia!.id, age: 5 }],
    });
    expect((await userActivities(user)).map((m) => m.activityId)).toEqual([CASTLE]);

    expect(statuses(await syncOk(user, [queued('removeChild', { childId: mia!.id })]))).toEqual([
      'applied',
    ]);
    expect(await call(user, 'GET', '/children')).toMatchObject({ total: 0 });
    expect(await syncRecords(user.familyId)).toHaveLength(8);
  });

  it('an action sent again is a duplicate and changes nothing, within one batch too', async () => {
    const user = await createUser(app);
    const done = queued('addAchievement', { activityId: CASTLE, minutes: 10 });
    const child = queued('addChild', { name: 'Leo', age: 2 });
    expect(statuses(await syncOk(user, [done, child, done]))).toEqual([
      'applied',
      'applied',
      'duplicate',
    ]);
    expect(statuses(await syncOk(user, [done, child]))).toEqual(['duplicate', 'duplicate']);
    expect(await stats(user)).toMatchObject({ totalActivities: 1, totalTimeSpent: 10 });
    expect(await call(user, 'GET', '/children')).toMatchObject({ total: 1 });
  });

  it("a clientId is the family's own: another family applies the same one", async () => {
    const [a, b] = [await createUser(app), await createUser(app)];
    const action = favorite(CASTLE);
    expect(statuses(await syncOk(a, [action]))).toEqual(['applied']);
    expect(statuses(await syncOk(b, [action]))).toEqual(['applied']);
    expect(await userActivities(b)).toHaveLength(1);
  });

  it('applies the actions in queue order', async () => {
    const user = await createUser(app);
    await syncOk(user, [
      favorite(CASTLE),
      favorite(CASTLE, false),
      favorite(SCAVENGER_HUNT, false),
      favorite(SCAVENGER_HUNT),
      queued('updateProfile', { displayName: 'First' }),
      queued('updateProfile', { displayName: 'Second' }),
    ]);
    // Favourited then unfavourited, with no other mark: no record is left.
    expect((await userActivities(user)).map((m) => [m.activityId, m.favorite])).toEqual([
      [SCAVENGER_HUNT, true],
    ]);
    expect((await call<TFamilyProfile>(user, 'GET', '/profile')).displayName).toBe('Second');
  });
});

describe('rejected actions', () => {
  it('what a member did offline in a family they were removed from meanwhile is rejected, never applied to their new family', async () => {
    const owner = await createUser(app);
    const parent = await joinAs(owner, 'parent');
    const inOldFamily = { familyId: owner.familyId };
    const actions = [
      { ...favorite(CASTLE), ...inOldFamily },
      { ...queued('addAchievement', { activityId: CASTLE, minutes: 20 }), ...inOldFamily },
      { ...queued('addChild', { name: 'Mia', age: 4 }), ...inOldFamily },
    ];
    // Removed by the owner while offline: the parent now has a new, empty family of their own.
    await call(owner, 'DELETE', `/family/members/${parent.userId}`);
    const { id: newFamilyId } = await call<{ id: string }>(parent, 'GET', '/family');
    expect(newFamilyId).not.toBe(owner.familyId);

    const results = await syncOk(parent, actions);
    expect(results).toEqual(
      actions.map(({ clientId }) => ({
        clientId,
        status: 'rejected',
        detail: FOREIGN_FAMILY_SYNC_MESSAGE,
      })),
    );
    expect(await userActivities(parent)).toEqual([]);
    expect(await stats(parent)).toMatchObject({ totalActivities: 0 });
    expect(await call(parent, 'GET', '/children')).toMatchObject({ total: 0 });
    // Nor did they reach the family they were done in.
    expect(await userActivities(owner)).toEqual([]);
    expect(await stats(owner)).toMatchObject({ totalActivities: 0 });
    // Sent again (a retry), the same answer; what the new family does itself applies.
    expect(statuses(await syncOk(parent, actions.slice(0, 1)))).toEqual(['rejected']);
    const own = [{ ...favorite(CASTLE), familyId: newFamilyId }, favorite(SCAVENGER_HUNT)];
    expect(statuses(await syncOk(parent, own))).toEqual(['applied', 'applied']);
  });

  it('an action that reached the old family before the member was removed is rejected too: the old family is not read', async () => {
    const owner = await createUser(app);
    const parent = await joinAs(owner, 'parent');
    const action = { ...favorite(CASTLE), familyId: owner.familyId };
    // Applied, but the answer was lost; then the owner removed the parent.
    expect(statuses(await syncOk(parent, [action]))).toEqual(['applied']);
    await call(owner, 'DELETE', `/family/members/${parent.userId}`);
    expect(await syncOk(parent, [action])).toEqual([
      { clientId: action.clientId, status: 'rejected', detail: FOREIGN_FAMILY_SYNC_MESSAGE },
    ]);
    expect(await userActivities(parent)).toEqual([]);
    expect(await userActivities(owner)).toHaveLength(1);
  });

  it("naming another family's id and one of its clientIds tells nothing about that family (issue 28)", async () => {
    const a = await createUser(app);
    const aActions = [favorite(CASTLE), queued('addChild', { name: 'Mia', age: 4 })];
    expect(statuses(await syncOk(a, aActions))).toEqual(['applied', 'applied']);
    const aBefore = {
      records: await syncRecords(a.familyId),
      marks: await userActivities(a),
      children: await call(a, 'GET', '/children'),
    };

    const b = await createUser(app);
    const inA = { familyId: a.familyId };
    // A's own clientIds (applied there), and ones A never used, each with A's family id.
    const known = aActions.map((action) => ({ ...action, ...inA }));
    const unknown = [
      { ...favorite(CASTLE), ...inA },
      { ...queued('addChild', { name: 'Mia', age: 4 }), ...inA },
    ];
    const answer = (results: TSyncResult[]) => results.map(({ clientId: _, ...rest }) => rest);
    const toKnown = await syncOk(b, known);
    const toUnknown = await syncOk(b, unknown);
    expect(answer(toKnown)).toEqual(answer(toUnknown));
    expect(answer(toKnown)).toEqual(
      known.map(() => ({ status: 'rejected', detail: FOREIGN_FAMILY_SYNC_MESSAGE })),
    );
    // Sent again, still the same answer for both.
    expect(answer(await syncOk(b, known))).toEqual(answer(await syncOk(b, unknown)));

    // Nothing of A's family changed, and nothing reached B's.
    expect(await syncRecords(a.familyId)).toEqual(aBefore.records);
    expect(await userActivities(a)).toEqual(aBefore.marks);
    expect(await call(a, 'GET', '/children')).toEqual(aBefore.children);
    expect(await userActivities(b)).toEqual([]);
    expect(await call(b, 'GET', '/children')).toMatchObject({ total: 0 });
  });

  it('an activity deleted meanwhile, an invalid payload, a missing child: rejected with a detail, the rest applied', async () => {
    const user = await createUser(app);
    const own = await call<{ id: string }>(user, 'POST', '/activities', OWN_ACTIVITY);
    await call(user, 'DELETE', `/activities/${own.id}`);
    const batch = [
      favorite(own.id),
      queued('addAchievement', { activityId: CASTLE, minutes: 0 }),
      favorite(CASTLE),
      queued('updateChild', { childId: 'no-such-child', changes: { age: 3 } }),
      queued('addAchievement', { activityId: CASTLE, completedAt: ago(-DAY_MS) }),
    ];
    const results = await syncOk(user, batch);
    expect(results).toEqual([
      { clientId: batch[0]!.clientId, status: 'rejected', detail: 'Activity not found' },
      {
        clientId: batch[1]!.clientId,
        status: 'rejected',
        detail: expect.stringMatching(/^payload\.minutes: /),
      },
      { clientId: batch[2]!.clientId, status: 'applied' },
      { clientId: batch[3]!.clientId, status: 'rejected', detail: 'Child not found' },
      {
        clientId: batch[4]!.clientId,
        status: 'rejected',
        detail: 'completedAt: must not be more than 5 minutes in the future',
      },
    ]);
    // A rejection is kept: the same actions sent again are answered the same.
    expect(await syncOk(user, batch)).toEqual(
      results.map((r) => (r.status === 'applied' ? { ...r, status: 'duplicate' } : r)),
    );
    expect(await stats(user)).toMatchObject({ totalActivities: 0 });
    expect((await syncRecords(user.familyId)).map((r) => r.status).sort()).toEqual([
      'applied',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
  });

  it("what the member's role may not do is rejected with the permission detail; a caregiver's marks and completions apply", async () => {
    const owner = await createUser(app);
    const caregiver = await joinAs(owner, 'caregiver');
    const results = await syncOk(caregiver, [
      queued('updateProfile', { displayName: 'Carers Rule' }),
      favorite(CASTLE),
      queued('addAchievement', { activityId: CASTLE, minutes: 5 }),
      queued('addChild', { name: 'Mia', age: 4 }),
    ]);
    const denied = (action: 'profile.edit' | 'children.edit') =>
      formatErrorMessage('PERMISSION_DENIED', { action: ACTION_DESCRIPTIONS[action] });
    expect(results.map((r) => [r.status, r.detail])).toEqual([
      ['rejected', denied('profile.edit')],
      ['applied', undefined],
      ['applied', undefined],
      ['rejected', denied('children.edit')],
    ]);
    expect((await call<TFamilyProfile>(owner, 'GET', '/profile')).displayName).not.toBe(
      'Carers Rule',
    );
    expect(await stats(owner)).toMatchObject({
      totalActivities: 1,
      byMember: expect.arrayContaining([
        expect.objectContaining({ userId: caregiver.userId, activities: 1 }),
      ]),
    });
  });

  it('an unknown kind is rejected with a clear detail and logged as a warning; the batch goes on', async () => {
    const user = await createUser(app);
    const rocket = queued('launchRocket', { to: 'moon' });
    const results = await syncOk(user, [rocket, favorite(CASTLE)]);
    expect(results).toEqual([
      {
        clientId: rocket.clientId,
        status: 'rejected',
        detail: unknownSyncKindMessage('launchRocket'),
      },
      { clientId: expect.any(String), status: 'applied' },
    ]);
    const warning = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find(
        (entry) => entry.msg === 'unknown sync action kind' && entry.clientId === rocket.clientId,
      );
    expect(warning).toMatchObject({ level: 40, kind: 'launchRocket' });
  });

  it('bad payloads of every kind are answered one by one, never a failure of the batch', async () => {
    const user = await createUser(app);
    const bad: unknown[] = [
      null,
      true,
      -1,
      1.5,
      '',
      'x'.repeat(1000),
      [],
      {},
      '0001-01-01T00:00:00Z',
    ];
    const actions = SYNC_ACTION_KINDS.flatMap((kind) => [
      ...bad.map((value) => queued(kind, value)),
      ...Object.keys(SYNC_PAYLOADS[kind].shape).flatMap((field) =>
        bad.map((value) => queued(kind, { [field]: value })),
      ),
    ]);
    expect(actions.length).toBeGreaterThan(MAX_SYNC_ACTIONS);
    for (let start = 0; start < actions.length; start += MAX_SYNC_ACTIONS) {
      const batch = actions.slice(start, start + MAX_SYNC_ACTIONS);
      const results = await syncOk(user, batch);
      expect(results.map((r) => r.clientId)).toEqual(batch.map((a) => a.clientId));
      for (const result of results) {
        // Some are valid after all (a date-like display name): those apply.
        if (result.status !== 'applied') {
          expect(result).toMatchObject({ status: 'rejected', detail: expect.any(String) });
        }
      }
    }
    const rejected = (await syncRecords(user.familyId)).filter((r) => r.status === 'rejected');
    expect(rejected.length).toBeGreaterThan(actions.length * 0.8);
  });

  it('a malformed batch is a 400: no actions, too many, or an action without a clientId', async () => {
    const user = await createUser(app);
    const bodies = [
      [],
      Array.from({ length: 101 }, () => favorite(CASTLE)),
      [{ kind: 'saveUserActivity', payload: {}, queuedAt: ago(0) }],
      [{ ...favorite(CASTLE), queuedAt: 'yesterday' }],
    ];
    for (const actions of bodies) {
      const res = await sync(user, actions);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await syncRecords(user.familyId)).toEqual([]);
  });
});

describe('at most once, whatever happens on the way', () => {
  it('the same batch sent 5 times at once (tabs, retries) applies each action once', async () => {
    const user = await createUser(app);
    const batch = [
      queued('addAchievement', { activityId: CASTLE, minutes: 12 }),
      favorite(SCAVENGER_HUNT),
      queued('addChild', { name: 'Ava', age: 6 }),
      queued('addAchievement', { activityId: SCAVENGER_HUNT, minutes: 8 }),
    ];
    const answers = await Promise.all(Array.from({ length: 5 }, () => syncOk(user, batch)));
    for (const [i, action] of batch.entries()) {
      const outcomes = answers.map((results) => results[i]!.status).sort();
      expect(outcomes, action.kind).toEqual([
        'applied',
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
      ]);
    }
    expect(await stats(user)).toMatchObject({ totalActivities: 2, totalTimeSpent: 20 });
    expect(await call(user, 'GET', '/children')).toMatchObject({ total: 1 });
    expect(await syncRecords(user.familyId)).toHaveLength(4);
  });

  it('an answer lost after the commit (a dropped connection, a tab closed): the retry answers duplicate and nothing doubles', async () => {
    const user = await createUser(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const batch = [
      queued('addAchievement', { activityId: CASTLE, minutes: 30 }),
      queued('addChild', { name: 'Noa', age: 3 }),
    ];
    // The connection drops just as the answer would leave: the app never hears back.
    const dropAnswer = (request: http.IncomingMessage, reply: http.ServerResponse) => {
      if (request.url !== '/api/v1/sync') return;
      app.server.off('request', dropAnswer);
      reply.writeHead = (() => {
        request.socket.destroy();
        return reply;
      }) as typeof reply.writeHead;
    };
    app.server.prependListener('request', dropAnswer);
    await expect(
      fetch(`http://127.0.0.1:${port}/api/v1/sync`, {
        method: 'POST',
        headers: { ...user.authHeader, 'content-type': 'application/json' },
        body: JSON.stringify({ actions: batch }),
      }),
    ).rejects.toThrow();

    expect(statuses(await syncOk(user, batch))).toEqual(['duplicate', 'duplicate']);
    expect(await stats(user)).toMatchObject({ totalActivities: 1, totalTimeSpent: 30 });
    expect(await call(user, 'GET', '/children')).toMatchObject({ total: 1 });
  });

  /** Makes the database refuse the sync record of `clientId`: a crash after the change, before the commit. */
  async function failRecordOf(clientId: string): Promise<() => Promise<void>> {
    const { db, kind } = app.database;
    if (kind === 'sqlite') {
      await sql`create trigger fail_sync_record before insert on sync_actions
        when new.client_id = ${sql.lit(clientId)}
        begin select raise(abort, 'simulated crash'); end`.execute(db);
      return async () => void (await sql`drop trigger fail_sync_record`.execute(db));
    }
    await sql`create function fail_sync_record() returns trigger language plpgsql as $$
      begin
        if new.client_id = ${sql.lit(clientId)} then raise exception 'simulated crash'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger fail_sync_record before insert on sync_actions
      for each row execute function fail_sync_record()`.execute(db);
    return async () => {
      await sql`drop trigger fail_sync_record on sync_actions`.execute(db);
      await sql`drop function fail_sync_record()`.execute(db);
    };
  }

  it("a failure inside an action's transaction leaves neither its change nor its record; the retry applies it", async () => {
    const user = await createUser(app);
    const batch = [
      favorite(CASTLE),
      queued('addAchievement', { activityId: SCAVENGER_HUNT, minutes: 25 }),
      favorite(SCAVENGER_HUNT),
    ];
    const repair = await failRecordOf(batch[1]!.clientId);
    const failed = await sync(user, batch);
    await repair();
    expect(failed.statusCode).toBe(500);
    // What came before stays applied; the failed action left nothing; the rest never ran.
    expect((await syncRecords(user.familyId)).map((r) => r.clientId)).toEqual([batch[0]!.clientId]);
    expect(await stats(user)).toMatchObject({ totalActivities: 0, totalTimeSpent: 0 });
    expect((await userActivities(user)).map((m) => m.activityId)).toEqual([CASTLE]);

    expect(statuses(await syncOk(user, batch))).toEqual(['duplicate', 'applied', 'applied']);
    expect(await stats(user)).toMatchObject({ totalActivities: 1, totalTimeSpent: 25 });
    expect((await userActivities(user)).find((m) => m.activityId === SCAVENGER_HUNT)).toMatchObject(
      { favorite: true, tried: true },
    );
  });
});

describe('what a synced action changes', () => {
  const setUtc = (user: CreatedUser) =>
    call(user, 'PUT', '/profile', { familyInfo: { timezone: 'UTC' } });

  it('a completion made offline counts for the day it was done (its completedAt), streak included', async () => {
    const user = await createUser(app);
    await setUtc(user);
    const dayBefore = ago(2 * DAY_MS);
    const yesterday = ago(DAY_MS);
    await call(user, 'POST', `/activities/${CASTLE}/complete`, {
      minutes: 5,
      completedAt: dayBefore,
    });
    // Done yesterday offline, synced today.
    await syncOk(user, [
      queued('addAchievement', { activityId: SCAVENGER_HUNT, completedAt: yesterday }),
    ]);
    expect(await stats(user)).toMatchObject({
      totalActivities: 2,
      currentStreak: 2,
      longestStreak: 2,
      lastActivityDate: yesterday.slice(0, 10),
    });
    const logged = await app.database.db
      .selectFrom('activityLog')
      .select(['activityId', 'localDay', 'completedAt'])
      .where('familyId', '=', user.familyId)
      .orderBy('completedAt')
      .execute();
    expect(logged.map((row) => [row.activityId, row.localDay])).toEqual([
      [CASTLE, dayBefore.slice(0, 10)],
      [SCAVENGER_HUNT, yesterday.slice(0, 10)],
    ]);
  });

  it("a member's completion made offline on a missed day, synced late, bridges the family's streak", async () => {
    const owner = await createUser(app);
    await setUtc(owner);
    const parent = await joinAs(owner, 'parent');
    const [monday, tuesday, wednesday] = [ago(2 * DAY_MS), ago(DAY_MS), ago(0)];
    // The owner plays Monday and Wednesday online: two runs of one day.
    for (const completedAt of [monday, wednesday]) {
      await call(owner, 'POST', `/activities/${CASTLE}/complete`, { completedAt });
    }
    expect(await stats(owner)).toMatchObject({ currentStreak: 1, longestStreak: 1 });
    // The parent played Tuesday offline; it reaches the server on Wednesday evening.
    const results = await syncOk(parent, [
      queued('addAchievement', { activityId: SCAVENGER_HUNT, completedAt: tuesday }),
    ]);
    expect(statuses(results)).toEqual(['applied']);
    expect(await stats(owner)).toMatchObject({
      totalActivities: 3,
      currentStreak: 3,
      longestStreak: 3,
      lastActivityDate: wednesday.slice(0, 10),
    });
    const { achievements } = await call<TAchievementList>(owner, 'GET', '/achievements');
    expect(achievements.find((a) => a.id === 'streak-3')).toMatchObject({ isUnlocked: true });
  });

  it('a completion queued without a time counts for when it was queued', async () => {
    const user = await createUser(app);
    await setUtc(user);
    const yesterday = ago(DAY_MS);
    await syncOk(user, [queued('addAchievement', { activityId: CASTLE }, yesterday)]);
    expect(await stats(user)).toMatchObject({
      currentStreak: 1,
      lastActivityDate: yesterday.slice(0, 10),
    });
    const [mark] = await userActivities(user);
    expect(mark?.completedAt).toBe(yesterday);
  });

  it('issue 29: a queued completion records its children; one naming a child not of the family is rejected', async () => {
    const user = await createUser(app);
    const noa = await call<TChild>(user, 'POST', '/children', { name: 'Noa', age: 5 });
    const stranger = await createUser(app);
    const theirs = await call<TChild>(stranger, 'POST', '/children', { name: 'Theirs', age: 5 });
    const results = await syncOk(user, [
      queued('addAchievement', { activityId: CASTLE, minutes: 10, childIds: [noa.id] }),
      queued('addAchievement', { activityId: SCAVENGER_HUNT, minutes: 10, childIds: [theirs.id] }),
    ]);
    expect(statuses(results)).toEqual(['applied', 'rejected']);
    expect(results[1]?.detail).toBe(`childIds: ${theirs.id} is not a child of this family`);
    expect((await stats(user)).byChild).toEqual([
      { childId: noa.id, name: 'Noa', activities: 1, minutes: 10 },
    ]);
    expect(await userActivities(user)).toEqual([
      expect.objectContaining({ activityId: CASTLE, completedChildIds: [noa.id] }),
    ]);
  });

  it('a completion whose online call did arrive, queued again under its clientId, counts once', async () => {
    const user = await createUser(app);
    const action = queued('addAchievement', { activityId: CASTLE, minutes: 10 });
    // The online call was applied but its answer lost: the app queued it with the same clientId.
    await call(user, 'POST', `/activities/${CASTLE}/complete`, {
      minutes: 10,
      clientId: action.clientId,
    });
    expect(statuses(await syncOk(user, [action]))).toEqual(['applied']);
    expect(await stats(user)).toMatchObject({ totalActivities: 1, totalTimeSpent: 10 });
  });

  it('an add of a child whose online call did arrive, queued again under its clientId, adds it once', async () => {
    const user = await createUser(app);
    const action = queued('addChild', { name: 'Mia', age: 4 });
    // The online call was applied but its answer lost: the app queued it with the same clientId.
    await call(user, 'POST', '/children', { name: 'Mia', age: 4, clientId: action.clientId });
    expect(statuses(await syncOk(user, [action]))).toEqual(['duplicate']);
    const { children } = await call<{ children: TChild[] }>(user, 'GET', '/children');
    expect(children.map((child) => child.name)).toEqual(['Mia']);
    // The same clientId on the route again is refused; a bad one is a 400; none adds a child.
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/profile/children',
      headers: user.authHeader,
      payload: { name: 'Mia', age: 4, clientId: action.clientId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'clientId: this child was added already',
      code: 'VALIDATION_ERROR',
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/children',
      headers: user.authHeader,
      payload: { name: 'Noa', age: 4, clientId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await call(user, 'GET', '/children')).toMatchObject({ total: 1 });
  });

  it('recommendations see a synced favourite at once (the family data version moves)', async () => {
    const user = await createUser(app);
    // Without children nothing is scored (spec §9).
    await call(user, 'POST', '/children', { name: 'Mia', age: 5 });
    type Recommendations = { recommendations: { activity: { id: string }; score: number }[] };
    const before = await call<Recommendations>(user, 'GET', '/recommendations');
    const first = before.recommendations[0]!;
    await syncOk(user, [favorite(first.activity.id)]);
    const after = await call<Recommendations>(user, 'GET', '/recommendations');
    const again = after.recommendations.find((r) => r.activity.id === first.activity.id);
    // A favourite scores more (its own +10, and its category counts as liked).
    expect(again?.score).toBeGreaterThan(first.score);
  });
});
