import { PUSH_RENEW_AFTER_MS } from '@kkb/core/push/renewal';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getUnreadCountQueryOptions } from '../../features/notifications/api/get-unread-count';
import { clearSession, startSession } from '../../lib/api-client';
import { enablePush } from '../../lib/push';
import { PUSH_MESSAGE_TYPE, PUSH_SUBSCRIPTION_CHANGED_TYPE } from '../../lib/push-messages';
import { createQueryClient } from '../../lib/query-client';
import { tokenSet } from '../../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../test/fake-fetch';
import { answerPushRoutes, fakeBrowserPush, removeBrowserPush } from '../../test/fake-push';
import { renderWithShell } from '../../test/render';
import { DevicePush } from './device-push';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
  answerPushRoutes(server);
  startSession(tokenSet());
});

afterEach(() => {
  clearSession();
  removeBrowserPush();
});

function Badge() {
  const unread = useQuery(getUnreadCountQueryOptions());
  return <output aria-label="Unread">{unread.data}</output>;
}

function renderFrame() {
  renderWithShell(
    <QueryClientProvider client={createQueryClient()}>
      <DevicePush />
      <Badge />
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/activity/:id" element={<p>Activity page</p>} />
      </Routes>
    </QueryClientProvider>,
  );
}

describe('push with the app in front (spec §7 foreground messages)', () => {
  it('shows the message in the page, refreshes the badge, and Open follows its link', async () => {
    const browser = fakeBrowserPush('granted');
    let unread = 1;
    server.on('GET /api/v1/notifications/unread-count', () => jsonResponse(200, { count: unread }));
    renderFrame();
    expect(await screen.findByText('1')).toBeVisible();

    unread = 2;
    browser.postFromWorker({
      type: PUSH_MESSAGE_TYPE,
      payload: {
        title: 'Time to play',
        body: 'Painting with Noa at 10:00',
        data: { link: '/activity/a1' },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Time to play');
    expect(screen.getByText('Painting with Noa at 10:00')).toBeVisible();
    expect(await screen.findByText('2')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Activity page')).toBeVisible();
  });

  it('a message without a link has nothing to open', async () => {
    const browser = fakeBrowserPush('granted');
    renderFrame();
    browser.postFromWorker({ type: PUSH_MESSAGE_TYPE, payload: { title: 'Well done' } });
    expect(await screen.findByText('Well done')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
  });
});

describe('renewal (spec §9)', () => {
  it('a subscription older than 7 days is renewed once the signed-in frame has loaded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T10:00:00Z'));
    const browser = fakeBrowserPush('granted');
    await enablePush();
    vi.setSystemTime(Date.now() + PUSH_RENEW_AFTER_MS);
    renderFrame();
    await waitFor(() => expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(server.requestsTo('POST /api/v1/push/subscriptions').at(-1)?.body).toMatchObject({
        endpoint: 'https://push.example.com/device-2',
      }),
    );
  });

  it('a subscription the browser replaced is sent when the service worker says so', async () => {
    const browser = fakeBrowserPush('granted');
    await enablePush();
    renderFrame();
    // The start-up check has looked (and found nothing to do) before the browser replaces it.
    await waitFor(() => expect(browser.pushManager.getSubscription).toHaveBeenCalledTimes(2));
    await browser.current()?.unsubscribe();
    await browser.pushManager.subscribe();
    browser.postFromWorker({ type: PUSH_SUBSCRIPTION_CHANGED_TYPE });
    await waitFor(() =>
      expect(server.requestsTo('POST /api/v1/push/subscriptions').at(-1)?.body).toMatchObject({
        endpoint: 'https://push.example.com/device-2',
      }),
    );
  });
});
