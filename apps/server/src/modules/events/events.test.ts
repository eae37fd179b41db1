import type { TLiveEvent } from '@kkb/core/events/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, joinFamily, type CreatedUser } from '../../test/create-user.ts';
import { registerUser, STRONG_PASSWORD } from '../auth/test-helpers.ts';
import { MAX_STREAMS_PER_USER, TOO_MANY_STREAMS_MESSAGE } from './routes.ts';
import {
  createTestApp,
  startAnotherProcess,
  testDatabaseKind,
  type TestApp,
} from '../../test/test-app.ts';

const CASTLE = 'cardboard-box-castle';

interface Received {
  id: string | undefined;
  event: TLiveEvent | undefined;
  comment: string | undefined;
}

/** Reads a live event stream as a browser's fetch would. */
async function openStream(
  baseUrl: string,
  user: Pick<CreatedUser, 'authHeader'>,
  lastEventId?: string,
) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/events`, {
    headers: { ...user.authHeader, ...(lastEventId && { 'last-event-id': lastEventId }) },
    signal: controller.signal,
  });
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  /** Resolves when the stream has ended (the server ended it, or `close`). */
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of res.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const lines = block.split('\n');
          const field = (name: string) =>
            lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const data = field('data');
          received.push({
            id: field('id'),
            event: data ? (JSON.parse(data) as TLiveEvent) : undefined,
            comment: lines.find((l) => l.startsWith(': '))?.slice(2),
          });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    res,
    received,
    ended,
    /** Waits until an event of this type arrives (the stream's own pace, not a timer). */
    async next(type: TLiveEvent['type'] | 'ping', from = 0): Promise<Received> {
      const find = () =>
        received
          .slice(from)
          .find((r) => (type === 'ping' ? r.comment === 'ping' : r.event?.type === type));
      for (;;) {
        const found = find();
        if (found) return found;
        await new Promise<void>((resolve) => waiters.add(resolve));
      }
    },
    close: () => controller.abort(),
  };
}

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({}, { heartbeatMs: 50 });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('GET /events (DESIGN Live events)', () => {
  it('needs a bearer token; no token in the URL', async () => {
    const res = await fetch(`${baseUrl}/api/v1/events`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('AUTHENTICATION_REQUIRED');
  });

  it('is an event stream with heartbeats', async () => {
    const user = await createUser(t.app);
    const stream = await openStream(baseUrl, user);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('content-encoding')).toBeNull();
    await stream.next('ping');
    stream.close();
  });

  it("a co-parent's change reaches every member's open stream; another family hears nothing", async () => {
    const owner = await createUser(t.app);
    const coParent = await createUser(t.app);
    await joinFamily(t.app, owner, coParent);
    const stranger = await createUser(t.app);
    const ownerStream = await openStream(baseUrl, owner);
    const strangerStream = await openStream(baseUrl, stranger);
    await ownerStream.next('ping');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-activities/${CASTLE}/favorite`,
      headers: coParent.authHeader,
    });
    expect(res.statusCode, res.body).toBe(200);
    await ownerStream.next('user-activity.changed');
    await ownerStream.next('stats.changed');
    // The stranger's stream keeps beating without the family's events.
    const seen = strangerStream.received.length;
    await strangerStream.next('ping', seen);
    await strangerStream.next('ping', strangerStream.received.length);
    expect(strangerStream.received.filter((r) => r.event).length).toBe(0);
    ownerStream.close();
    strangerStream.close();
  });

  it("a user's notification reaches only that user's streams", async () => {
    const owner = await createUser(t.app);
    const coParent = await createUser(t.app);
    await joinFamily(t.app, owner, coParent);
    const ownerStream = await openStream(baseUrl, owner);
    const coParentStream = await openStream(baseUrl, coParent);
    await ownerStream.next('ping');
    await coParentStream.next('ping');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications',
      headers: owner.authHeader,
      payload: { title: 'Pack the picnic', message: 'Blanket, apples, the frisbee.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = await ownerStream.next('notification.created');
    expect(created.event?.id).toBe(res.json().id);
    const seen = coParentStream.received.length;
    await coParentStream.next('ping', seen);
    expect(coParentStream.received.some((r) => r.event?.type === 'notification.created')).toBe(
      false,
    );
    ownerStream.close();
    coParentStream.close();
  });

  it('a refused write sends nothing', async () => {
    const owner = await createUser(t.app);
    const stream = await openStream(baseUrl, owner);
    await stream.next('ping');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user-activities/no-such-activity/favorite',
      headers: owner.authHeader,
    });
    expect(res.statusCode).toBe(404);
    await stream.next('ping', stream.received.length);
    expect(stream.received.filter((r) => r.event).length).toBe(0);
    stream.close();
  });

  it('a member who joins gets their new family’s events on the stream already open', async () => {
    const owner = await createUser(t.app);
    const joiner = await createUser(t.app);
    const stream = await openStream(baseUrl, joiner);
    await stream.next('ping');
    await joinFamily(t.app, owner, joiner);
    await stream.next('family.changed');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: owner.authHeader,
      payload: { displayName: 'Olivia' },
    });
    await stream.next('profile.changed');
    stream.close();
  });

  it('a reconnect resumes after Last-Event-ID; an unknown id gets resync', async () => {
    const owner = await createUser(t.app);
    const first = await openStream(baseUrl, owner);
    await first.next('ping');
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-activities/${CASTLE}/favorite`,
      headers: owner.authHeader,
    });
    const seen = await first.next('stats.changed');
    first.close();
    // Changes while the phone was away.
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: owner.authHeader,
      payload: { displayName: 'Away' },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user-activities/${CASTLE}/favorite`,
      headers: owner.authHeader,
    });
    const resumed = await openStream(baseUrl, owner, seen.id);
    await resumed.next('profile.changed');
    await resumed.next('user-activity.changed');
    expect(resumed.received.find((r) => r.event?.type === 'resync')).toBeUndefined();
    resumed.close();

    const lost = await openStream(baseUrl, owner, 'another-process.12');
    await lost.next('resync');
    lost.close();
  });
});

describe('at most 10 open streams per user (issue 28)', () => {
  it('the 11th is refused with 429 while 10 are open; a closed one frees its place; others are not counted', async () => {
    const user = await createUser(t.app);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) {
      const stream = await openStream(baseUrl, user);
      expect(stream.res.status).toBe(200);
      streams.push(stream);
    }
    const refused = await fetch(`${baseUrl}/api/v1/events`, { headers: user.authHeader });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      detail: TOO_MANY_STREAMS_MESSAGE,
      code: 'RATE_LIMIT_EXCEEDED',
    });
    // Another user's streams are theirs.
    const other = await openStream(baseUrl, await createUser(t.app));
    expect(other.res.status).toBe(200);

    // A tab closes: once the server has seen it go, a new stream takes its place.
    streams.pop()!.close();
    let reopened = await openStream(baseUrl, user);
    while (reopened.res.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      reopened = await openStream(baseUrl, user);
    }
    expect(reopened.res.status).toBe(200);
    streams.push(reopened);
    expect((await fetch(`${baseUrl}/api/v1/events`, { headers: user.authHeader })).status).toBe(
      429,
    );
    for (const stream of [...streams, other]) stream.close();
  });
});

describe("a sign-in's streams end with it (issue 28)", () => {
  const signIn = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const tokens = res.json<{ access_token: string; refresh_token: string }>();
    return { ...tokens, authHeader: { authorization: `Bearer ${tokens.access_token}` } };
  };

  it('a logout ends the streams of that sign-in, not those of another', async () => {
    const { email } = await registerUser(t.app);
    const phone = await signIn(email);
    const laptop = await signIn(email);
    const phoneStream = await openStream(baseUrl, phone);
    const laptopStream = await openStream(baseUrl, laptop);
    await phoneStream.next('ping');
    await laptopStream.next('ping');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: phone.refresh_token },
    });
    expect(out.statusCode).toBe(204);
    await phoneStream.ended;
    const seen = laptopStream.received.length;
    await laptopStream.next('ping', seen);
    laptopStream.close();
  });

  it('signing out everywhere ends every stream of the user', async () => {
    const { email } = await registerUser(t.app);
    const phone = await signIn(email);
    const laptop = await signIn(email);
    const streams = [await openStream(baseUrl, phone), await openStream(baseUrl, laptop)];
    await Promise.all(streams.map((stream) => stream.next('ping')));
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout-all',
      headers: laptop.authHeader,
    });
    expect(out.statusCode).toBe(204);
    await Promise.all(streams.map((stream) => stream.ended));
  });
});

describe.runIf(testDatabaseKind === 'postgres')(
  'several server processes on one PostgreSQL',
  () => {
    it('a write on one process reaches a stream open on the other', async () => {
      const second = await startAnotherProcess(t, { heartbeatMs: 50 });
      try {
        const secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
        const owner = await createUser(t.app);
        const coParent = await createUser(t.app);
        await joinFamily(t.app, owner, coParent);
        const stream = await openStream(secondUrl, owner);
        await stream.next('ping');
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/user-activities/${CASTLE}/favorite`,
          headers: coParent.authHeader,
        });
        await stream.next('user-activity.changed');
        stream.close();
      } finally {
        await second.close();
      }
    });

    it('a logout on one process ends the sign-in’s stream open on the other (issue 28)', async () => {
      const second = await startAnotherProcess(t, { heartbeatMs: 50 });
      try {
        const secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
        const { email } = await registerUser(t.app);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password: STRONG_PASSWORD },
        });
        const tokens = res.json<{ access_token: string; refresh_token: string }>();
        const stream = await openStream(secondUrl, {
          authHeader: { authorization: `Bearer ${tokens.access_token}` },
        });
        await stream.next('ping');
        const out = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/logout',
          payload: { refresh_token: tokens.refresh_token },
        });
        expect(out.statusCode).toBe(204);
        await stream.ended;
      } finally {
        await second.close();
      }
    });
  },
);
