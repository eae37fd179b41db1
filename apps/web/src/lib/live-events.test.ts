import type { TLiveEvent } from '@kkb/core/events/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenSet } from '../test/auth-fixtures';
import { eventStream } from '../test/event-stream';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../test/fake-fetch';
import { clearSession, getAccessToken, startSession } from './api-client';
import { openLiveEvents } from './live-events';

let server: FakeFetch;
let close: () => void = () => undefined;
const streams: ReturnType<typeof eventStream>[] = [];

function stream() {
  const created = eventStream();
  streams.push(created);
  return created;
}

beforeEach(() => {
  server = installFakeFetch();
  startSession(tokenSet('access-1'));
});

afterEach(() => {
  close();
  for (const created of streams.splice(0)) created.end();
  clearSession();
});

function open(options?: Parameters<typeof openLiveEvents>[1]) {
  const events: TLiveEvent[] = [];
  close = openLiveEvents((event) => events.push(event), options);
  return { events };
}

const eventRequests = () => server.requestsTo('GET /api/v1/events');

describe('openLiveEvents', () => {
  it('sends the access token in the Authorization header, never in the URL', async () => {
    const live = stream();
    server.on('GET /api/v1/events', live.response);
    open();
    await vi.waitFor(() => expect(eventRequests()).toHaveLength(1));
    const [request] = eventRequests();
    expect(request?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(request?.headers.get('Accept')).toBe('text/event-stream');
    expect([...(request?.query.keys() ?? [])]).toEqual([]);
  });

  it('hands on each event; heartbeats, unknown kinds and broken data are skipped', async () => {
    const live = stream();
    server.on('GET /api/v1/events', live.response);
    const { events } = open();
    await vi.waitFor(() => expect(eventRequests()).toHaveLength(1));
    live.send(': heartbeat\n\n');
    live.send('id: 1\ndata: {"type":"notification.created","id":"n1"}\n\n');
    live.send('id: 2\ndata: {"type":"weather.changed"}\n\n');
    live.send('id: 3\ndata: not json\n\n');
    live.send('id: 4\ndata: {"type":"stats.changed"}\n\n');
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([{ type: 'notification.created', id: 'n1' }, { type: 'stats.changed' }]);
  });

  it('an expired token is refreshed once, then the stream opens with the new one', async () => {
    const live = stream();
    server.on(
      'GET /api/v1/events',
      () => jsonResponse(401, { detail: 'Your session has expired', code: 'TOKEN_EXPIRED' }),
      live.response,
    );
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet('access-2')));
    const { events } = open();
    await vi.waitFor(() => expect(eventRequests()).toHaveLength(2));
    expect(eventRequests()[1]?.headers.get('Authorization')).toBe('Bearer access-2');
    live.send('data: {"type":"family.changed"}\n\n');
    await vi.waitFor(() => expect(events).toEqual([{ type: 'family.changed' }]));
    expect(server.requestsTo('POST /api/v1/auth/refresh')).toHaveLength(1);
  });

  it('a dropped stream (the token ran out, say) comes back and resumes with Last-Event-ID', async () => {
    const first = stream();
    const second = stream();
    server.on('GET /api/v1/events', first.response, second.response);
    const { events } = open();
    await vi.waitFor(() => expect(eventRequests()).toHaveLength(1));
    // retry: the reconnection wait the server asks for, here 1 ms.
    first.send('retry: 1\nid: p1.7\ndata: {"type":"profile.changed"}\n\n');
    await vi.waitFor(() => expect(events).toHaveLength(1));
    startSession(tokenSet('access-2'));
    first.end();
    await vi.waitFor(() => expect(eventRequests()).toHaveLength(2));
    expect(eventRequests()[1]?.headers.get('Last-Event-ID')).toBe('p1.7');
    expect(eventRequests()[1]?.headers.get('Authorization')).toBe('Bearer access-2');
    second.send('data: {"type":"resync"}\n\n');
    await vi.waitFor(() =>
      expect(events).toEqual([{ type: 'profile.changed' }, { type: 'resync' }]),
    );
  });

  it('a refused stream (not 200) is opened again after a while, resuming where it was', async () => {
    const first = stream();
    const second = stream();
    server.on(
      'GET /api/v1/events',
      first.response,
      () => jsonResponse(503, { detail: 'Unavailable', code: 'SERVICE_UNAVAILABLE' }),
      second.response,
    );
    const { events } = open({ retryAfterMs: 1 });
    await vi.waitFor(() => expect(eventRequests()).toHaveLength(1));
    first.send('retry: 1\nid: p1.3\ndata: {"type":"stats.changed"}\n\n');
    await vi.waitFor(() => expect(events).toHaveLength(1));
    first.end();
    await vi.waitFor(() => expect(eventRequests()).toHaveLength(3));
    expect(eventRequests()[2]?.headers.get('Last-Event-ID')).toBe('p1.3');
    second.send('id: p1.4\ndata: {"type":"notification.changed","id":"n2"}\n\n');
    await vi.waitFor(() =>
      expect(events.at(-1)).toEqual({ type: 'notification.changed', id: 'n2' }),
    );
  });

  it('a 401 even after the refresh stops trying', async () => {
    vi.useFakeTimers();
    server.on('GET /api/v1/events', () =>
      jsonResponse(401, { detail: 'Please log in to continue', code: 'AUTHENTICATION_REQUIRED' }),
    );
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet('access-2')));
    open();
    await vi.waitFor(() => expect(eventRequests()).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(eventRequests()).toHaveLength(2);
  });

  it('a refused refresh ends the session and the stream with it', async () => {
    vi.useFakeTimers();
    server.on('GET /api/v1/events', () =>
      jsonResponse(401, { detail: 'Your session has expired', code: 'TOKEN_EXPIRED' }),
    );
    server.on('POST /api/v1/auth/refresh', () =>
      jsonResponse(401, { detail: 'Please log in to continue', code: 'AUTHENTICATION_REQUIRED' }),
    );
    open();
    await vi.waitFor(() => expect(getAccessToken()).toBeNull());
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(eventRequests()).toHaveLength(1);
  });

  it('close() ends the request', async () => {
    const live = stream();
    server.on('GET /api/v1/events', live.response);
    open();
    await vi.waitFor(() => expect(eventRequests()).toHaveLength(1));
    close();
    const init = server.fetch.mock.calls[0]?.[1] as RequestInit;
    expect(init.signal?.aborted).toBe(true);
  });
});
