import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, getAccessToken, startSession } from '../../../lib/api-client';
import { enablePush } from '../../../lib/push';
import { createQueryClient } from '../../../lib/query-client';
import { tokenSet } from '../../../test/auth-fixtures';
import { installFakeFetch, type FakeFetch } from '../../../test/fake-fetch';
import { answerPushRoutes, fakeBrowserPush, removeBrowserPush } from '../../../test/fake-push';
import { useLogout } from './logout';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
  answerPushRoutes(server);
  server.on('POST /api/v1/auth/logout', () => new Response(null, { status: 204 }));
  startSession(tokenSet('access-1'));
});

afterEach(() => {
  clearSession();
  removeBrowserPush();
});

const calls = () =>
  server.fetch.mock.calls.map(
    ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://x').pathname}`,
  );

function renderLogout() {
  const client = createQueryClient();
  return renderHook(useLogout, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  }).result;
}

describe('signing out', () => {
  it("removes this device's push subscription first, while the session can still do it", async () => {
    const browser = fakeBrowserPush('granted');
    await enablePush();
    const logout = renderLogout();
    await logout.current.mutateAsync();
    expect(calls().slice(-2)).toEqual([
      'DELETE /api/v1/push/subscriptions',
      'POST /api/v1/auth/logout',
    ]);
    expect(
      server.requestsTo('DELETE /api/v1/push/subscriptions')[0]?.headers.get('Authorization'),
    ).toBe('Bearer access-1');
    expect(browser.current()).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it('signs out all the same in a browser without push', async () => {
    const logout = renderLogout();
    await logout.current.mutateAsync();
    expect(calls()).toEqual(['POST /api/v1/auth/logout']);
    expect(getAccessToken()).toBeNull();
  });
});
