import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, STRONG_PASSWORD } from '../modules/auth/test-helpers.ts';
import { SESSION_ENDED_CHANNEL, TOKENS_CUT_CHANNEL } from '../plugins/authenticate.ts';
import { MEMBERSHIP_CHANGED_CHANNEL } from '../plugins/family-access.ts';
import { createUser, joinFamily, type CreatedUser } from './create-user.ts';
import { createTestApp, startAnotherProcess, testDatabaseKind, type TestApp } from './test-app.ts';

/**
 * Issue 18: two server processes on one PostgreSQL (two apps, each with its own connections and
 * memory, on one schema) answer as one server would. SQLite is one process.
 */
describe.runIf(testDatabaseKind === 'postgres')('several server processes', () => {
  let first: TestApp;
  let second: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp();
    second = await startAnotherProcess(first);
    a = first.app;
    b = second.app;
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  /** Resolves when `app` has received a broadcast on `channel` whose message mentions `needle`. */
  const received = (app: FastifyInstance, channel: string, needle: string) =>
    new Promise<void>((resolve) => {
      const unsubscribe = app.broadcast.subscribe(channel, (message) => {
        if (!message.includes(needle)) return;
        unsubscribe();
        resolve();
      });
    });

  it("a family's write on one is in the other's next recommendations", async () => {
    const parent = await createUser(a);
    const addChild = (app: FastifyInstance, age: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/profile/children',
        headers: parent.authHeader,
        payload: { name: `Child ${age}`, age },
      });
    const recommend = async () => {
      const res = await b.inject({
        method: 'GET',
        url: '/api/v1/recommendations?timeAvailable=30',
        headers: parent.authHeader,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        basis: { age: number };
        recommendations: { activity: { id: string }; reasons: string[] }[];
      };
    };
    expect((await addChild(a, 6)).statusCode).toBe(201);
    const before = await recommend();
    // Cached on the second process from here on.
    expect(await recommend()).toEqual(before);

    const pick = before.recommendations[5]!.activity.id;
    const marked = await a.inject({
      method: 'PUT',
      url: `/api/v1/user-activities/${pick}/favorite`,
      headers: parent.authHeader,
    });
    expect(marked.statusCode).toBe(200);
    const favourite = (await recommend()).recommendations.find((r) => r.activity.id === pick);
    expect(favourite?.reasons).toContain('One of your favourites');

    expect((await addChild(a, 10)).statusCode).toBe(201);
    expect((await recommend()).basis.age).toBe(8);
  });

  it('login failures count on both together', async () => {
    const { email } = await registerUser(a);
    const ip = '10.18.0.1';
    const attempt = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i += 1) {
      const res = await attempt(i % 2 === 0 ? a : b, 'wrong-password-123');
      expect(res.statusCode).toBe(401);
    }
    for (const app of [a, b]) {
      const locked = await attempt(app, STRONG_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('RATE_LIMIT_EXCEEDED');
    }
  });

  it('a logout-all on one stops the access token on the other, not 30 s later', async () => {
    const { email, user } = await registerUser(a);
    const { access_token: token } = await login(a, email);
    const headers = { authorization: `Bearer ${token}` };
    const me = () => b.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
    // The second process now holds the user's standing (kept 30 s).
    expect((await me()).statusCode).toBe(200);

    const message = received(b, TOKENS_CUT_CHANNEL, user.id);
    const out = await a.inject({ method: 'POST', url: '/api/v1/auth/logout-all', headers });
    expect(out.statusCode).toBe(204);
    await message;
    expect((await me()).statusCode).toBe(401);
  });

  it("a logout on one stops that sign-in's access token on the other, not 30 s later (issue 28)", async () => {
    const { email } = await registerUser(a);
    const signIn = await login(a, email);
    const other = await login(a, email);
    const me = (token: string) =>
      b.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
    // The second process now holds the sign-in as live (kept 30 s).
    expect((await me(signIn.access_token)).statusCode).toBe(200);

    const sessionId = decodeJwt(signIn.access_token).sid as string;
    const message = received(b, SESSION_ENDED_CHANNEL, sessionId);
    const out = await a.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: signIn.refresh_token },
    });
    expect(out.statusCode).toBe(204);
    await message;
    expect((await me(signIn.access_token)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(200);
  });

  it('a role change on one applies on the other, not 5 s later', async () => {
    const owner = await createUser(a);
    const member = await joinFamily(a, owner, await createUser(a));
    const addChild = (user: CreatedUser) =>
      b.inject({
        method: 'POST',
        url: '/api/v1/profile/children',
        headers: user.authHeader,
        payload: { name: 'Mia', age: 5 },
      });
    // A parent may change children; the second process now holds that membership (kept 5 s).
    expect((await addChild(member)).statusCode).toBe(201);

    const message = received(b, MEMBERSHIP_CHANGED_CHANNEL, member.userId);
    const demoted = await a.inject({
      method: 'PATCH',
      url: `/api/v1/family/members/${member.userId}`,
      headers: owner.authHeader,
      payload: { role: 'caregiver' },
    });
    expect(demoted.statusCode).toBe(200);
    await message;
    const refused = await addChild(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_DENIED');
  });
});
