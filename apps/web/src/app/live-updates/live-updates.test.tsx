import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '../../features/auth/components/use-auth';
import { getUnreadCountQueryOptions } from '../../features/notifications/api/get-unread-count';
import { clearSession, startSession } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { testUser, tokenSet } from '../../test/auth-fixtures';
import { goOnline } from '../../test/browser';
import { eventStream } from '../../test/event-stream';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../test/fake-fetch';
import { LiveUpdates } from './live-updates';

let server: FakeFetch;
const streams: ReturnType<typeof eventStream>[] = [];

function stream() {
  const created = eventStream();
  streams.push(created);
  return created.response;
}

beforeEach(() => {
  server = installFakeFetch();
  startSession(tokenSet());
});

afterEach(() => {
  for (const created of streams.splice(0)) created.end();
  clearSession();
});

const SIGNED_IN: AuthState = { status: 'authenticated', user: testUser };
const SIGNED_OUT: AuthState = { status: 'anonymous', user: null, signedOut: true };

function Badge() {
  const unread = useQuery(getUnreadCountQueryOptions());
  return <output aria-label="Unread">{unread.data}</output>;
}

function renderLive(auth: AuthState) {
  const queryClient = createQueryClient();
  const tree = (state: AuthState) => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthContext value={state}>
          <LiveUpdates settleMs={0} />
          <Badge />
        </AuthContext>
      </QueryClientProvider>
    </StrictMode>
  );
  const result = render(tree(auth));
  return { rerender: (state: AuthState) => result.rerender(tree(state)) };
}

const eventRequests = () => server.requestsTo('GET /api/v1/events');
const isClosed = (index: number) =>
  (
    server.fetch.mock.calls.filter(([input]) => String(input).endsWith('/api/v1/events'))[
      index
    ]?.[1] as RequestInit | undefined
  )?.signal?.aborted;

describe('LiveUpdates', () => {
  it('a new notification on the stream refetches the badge count', async () => {
    let unread = 1;
    server.on('GET /api/v1/notifications/unread-count', () => jsonResponse(200, { count: unread }));
    let live: ReturnType<typeof eventStream> | undefined;
    server.on('GET /api/v1/events', () => {
      live = eventStream();
      streams.push(live);
      return live.response();
    });
    renderLive(SIGNED_IN);
    expect(await screen.findByText('1')).toBeVisible();
    await waitFor(() => expect(live).toBeDefined());
    unread = 2;
    live?.send('id: 1\ndata: {"type":"notification.created","id":"n2"}\n\n');
    expect(await screen.findByText('2')).toBeVisible();
  });

  it('opens no stream while signed out, and closes it on sign-out', async () => {
    server.on('GET /api/v1/events', () => stream()());
    const { rerender } = renderLive(SIGNED_OUT);
    rerender(SIGNED_IN);
    await waitFor(() => expect(eventRequests()).toHaveLength(1));
    rerender(SIGNED_OUT);
    await waitFor(() => expect(isClosed(0)).toBe(true));
    expect(eventRequests()).toHaveLength(1);
  });

  it('closes while the browser is offline and opens again once it is back', async () => {
    server.on('GET /api/v1/events', () => stream()());
    renderLive(SIGNED_IN);
    await waitFor(() => expect(eventRequests()).toHaveLength(1));
    goOnline(false);
    await waitFor(() => expect(isClosed(0)).toBe(true));
    goOnline(true);
    await waitFor(() => expect(eventRequests()).toHaveLength(2));
    expect(isClosed(1)).toBe(false);
  });
});
