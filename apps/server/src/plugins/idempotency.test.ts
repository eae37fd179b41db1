import crypto from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import {
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENCY_KEY_TTL_MS,
} from '@kkb/core/idempotency/idempotency-key';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.ts';
import { createUser, type CreatedUser } from '../test/create-user.ts';
import { pngBytes } from '../test/images.ts';
import { OWN_ACTIVITY } from '../test/own-activity.ts';
import {
  createTestApp,
  startAnotherProcess,
  testDatabaseKind,
  type TestApp,
} from '../test/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT';

const newKey = () => `"${crypto.randomUUID()}"`;

// Issue 29: a double-click on Save made two children named "Twin", or two identical saved plans.
describe('Idempotency-Key on creates', () => {
  let t: TestApp;
  const clock = new ManualClock('2026-06-01T12:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(() => t.close());

  function send(
    user: CreatedUser,
    method: Method,
    url: string,
    payload?: unknown,
    key?: string,
    app: FastifyInstance = t.app,
  ) {
    const isBytes = Buffer.isBuffer(payload);
    return app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...user.authHeader,
        ...(key !== undefined && { 'idempotency-key': key }),
        ...(isBytes && { 'content-type': 'image/png' }),
      },
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
  }
  const childNames = async (user: CreatedUser) =>
    ((await send(user, 'GET', '/children')).json().children as { name: string }[]).map(
      (child) => child.name,
    );

  it('a repeat with the same key answers the first answer and creates nothing', async () => {
    const parent = await createUser(t.app);
    const key = newKey();
    const first = await send(parent, 'POST', '/children', { name: 'Twin', age: 4 }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send(parent, 'POST', '/children', { name: 'Twin', age: 4 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await childNames(parent)).toEqual(['Twin']);
    // Without a key, or with another one, it is another create.
    expect((await send(parent, 'POST', '/children', { name: 'Twin', age: 4 })).statusCode).toBe(
      201,
    );
    expect(
      (await send(parent, 'POST', '/children', { name: 'Twin', age: 4 }, newKey())).statusCode,
    ).toBe(201);
    expect(await childNames(parent)).toEqual(['Twin', 'Twin', 'Twin']);
  });

  it('the same create sent twice at once makes one record, and both get its answer', async () => {
    const parent = await createUser(t.app);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        send(parent, 'POST', '/children', { name: 'Twin', age: 4 }, key),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    const [first, ...others] = answers.map((answer) => answer.json<{ id: string }>());
    for (const other of others) expect(other).toEqual(first);
    expect(await childNames(parent)).toEqual(['Twin']);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'the same create sent at once to two processes makes one record',
    async () => {
      const other = await startAnotherProcess(t, { clock });
      try {
        const parent = await createUser(t.app);
        const key = newKey();
        const body = { ...OWN_ACTIVITY, title: 'Twin disco' };
        const answers = await Promise.all([
          send(parent, 'POST', '/activities', body, key),
          send(parent, 'POST', '/activities', body, key, other.app),
          send(parent, 'POST', '/activities', body, key),
          send(parent, 'POST', '/activities', body, key, other.app),
        ]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
        expect(new Set(answers.map((answer) => answer.json<{ id: string }>().id)).size).toBe(1);
        const own = await send(parent, 'GET', '/activities?limit=100&search=Twin%20disco');
        expect(own.json().total).toBe(1);
      } finally {
        await other.close();
      }
    },
  );

  it('the same key with another request is refused (422) and creates nothing', async () => {
    const parent = await createUser(t.app);
    const key = newKey();
    expect((await send(parent, 'POST', '/children', { name: 'Mia', age: 4 }, key)).statusCode).toBe(
      201,
    );
    for (const [url, body] of [
      ['/children', { name: 'Noa', age: 4 }],
      ['/activities', OWN_ACTIVITY],
    ] as const) {
      const refused = await send(parent, 'POST', url, body, key);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        detail: IDEMPOTENCY_KEY_REUSED_MESSAGE,
        code: 'VALIDATION_ERROR',
      });
    }
    expect(await childNames(parent)).toEqual(['Mia']);
  });

  it("a key is the user's own: another member's same key is another create", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const key = newKey();
    expect((await send(owner, 'POST', '/children', { name: 'A', age: 4 }, key)).statusCode).toBe(
      201,
    );
    const theirs = await send(other, 'POST', '/children', { name: 'A', age: 4 }, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keys are forgotten after 24 hours: the same key then creates again', async () => {
    const parent = await createUser(t.app);
    const key = newKey();
    await send(parent, 'POST', '/children', { name: 'Day one', age: 4 }, key);
    clock.advance(IDEMPOTENCY_KEY_TTL_MS - 1000);
    await send(parent, 'POST', '/children', { name: 'Day one', age: 4 }, key);
    expect(await childNames(parent)).toEqual(['Day one']);
    clock.advance(1000);
    const later = await send(parent, 'POST', '/children', { name: 'Day one', age: 4 }, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await childNames(parent)).toEqual(['Day one', 'Day one']);
  });

  it('a refused create lets its key go: sent again when it can succeed, it is done', async () => {
    const owner = await createUser(t.app);
    const joiner = await createUser(t.app);
    const key = newKey();
    const refused = await send(joiner, 'POST', '/family/join', { token: 'not-a-token' }, key);
    expect(refused.statusCode).toBe(400);
    const invite = await send(owner, 'POST', '/family/invites', { role: 'parent' });
    const { token } = invite.json<{ token: string }>();
    const joined = await send(joiner, 'POST', '/family/join', { token }, key);
    expect(joined.statusCode).toBe(200);
    // Its answer lost, the join sent again: the family, not "this link is used".
    const again = await send(joiner, 'POST', '/family/join', { token }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(joined.json());
  });

  it('a malformed key is refused (400) before anything is done', async () => {
    const parent = await createUser(t.app);
    for (const key of ['', 'two words', 'x'.repeat(256)]) {
      const res = await send(parent, 'POST', '/children', { name: 'Bad key', age: 4 }, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().detail).toMatch(/^Idempotency-Key: /);
    }
    expect(await childNames(parent)).toEqual([]);
  });

  it('an invitation, an upload, a completion and notifications answer the first time again', async () => {
    const parent = await createUser(t.app);
    const creates: [Method, string, unknown][] = [
      ['POST', '/family/invites', { role: 'caregiver' }],
      ['PUT', '/files/avatars/twin.png', pngBytes('twin')],
      ['POST', '/activities/cardboard-box-castle/complete', { minutes: 20 }],
      ['POST', '/notifications', { title: 'Note', message: 'Buy crayons' }],
      [
        'POST',
        '/notifications/activity-reminder',
        { activity_name: 'Kites', scheduled_time: clock.now().toISOString() },
      ],
    ];
    for (const [method, url, body] of creates) {
      const key = newKey();
      const first = await send(parent, method, url, body, key);
      expect(first.statusCode, `${url}: ${first.body}`).toBeLessThan(300);
      const again = await send(parent, method, url, body, key);
      expect(again.statusCode, url).toBe(first.statusCode);
      expect(again.headers['idempotent-replayed'], url).toBe('true');
      expect(again.body, url).toBe(first.body);
    }
    const family = await send(parent, 'GET', '/family');
    expect(family.json().invites).toHaveLength(1);
    expect((await send(parent, 'GET', '/stats')).json().totalActivities).toBe(1);
    const notifications = (await send(parent, 'GET', '/notifications')).json().notifications as {
      type: string;
    }[];
    // The completion's first achievement told the parent too, once.
    expect(notifications.map((n) => n.type).sort()).toEqual([
      'achievement',
      'activity_reminder',
      'general',
    ]);
  });

  it('an answer sent compressed is kept, and repeated, as the same JSON', async () => {
    const parent = await createUser(t.app);
    const key = newKey();
    const body = { ...OWN_ACTIVITY, description: 'Dance to our favourite songs. '.repeat(60) };
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/activities',
        headers: { ...parent.authHeader, 'idempotency-key': key, 'accept-encoding': 'gzip' },
        payload: body,
      });
    const first = await post();
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('gzip');
    const again = await post();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(again.rawPayload).toString())).toEqual(
      JSON.parse(gunzipSync(first.rawPayload).toString()),
    );
  });

  it("the stored answer cannot be read without the key (an invitation's link stays secret)", async () => {
    const parent = await createUser(t.app);
    const created = await send(parent, 'POST', '/family/invites', { role: 'parent' }, newKey());
    const { token } = created.json<{ token: string }>();
    const rows = await t.app.database.db.selectFrom('idempotencyKeys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('every create documents the header and its 409 and 422 answers', async () => {
    const { paths } = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { in: string; name: string }[]; responses: Record<string, unknown> }
        >
      >;
    }>();
    const creates = [
      ['post', '/api/v1/children'],
      ['post', '/api/v1/profile/children'],
      ['post', '/api/v1/activities'],
      ['post', '/api/v1/activities/{id}/complete'],
      ['post', '/api/v1/animations'],
      ['post', '/api/v1/planner/plans'],
      ['post', '/api/v1/family/invites'],
      ['post', '/api/v1/family/join'],
      ['put', '/api/v1/files/{path}'],
      ['post', '/api/v1/notifications'],
      ['post', '/api/v1/notifications/activity-reminder'],
      ['post', '/api/v1/notifications/weather-alert'],
      ['post', '/api/v1/notifications/achievement'],
      ['post', '/api/v1/notifications/activity-suggestion'],
      ['post', '/api/v1/notifications/daily-summary'],
    ] as const;
    for (const [method, path] of creates) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation?.parameters, path).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
      );
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['409', '422']),
      );
    }
  });
});
