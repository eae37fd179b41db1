import { makeActivity } from '@kkb/core/activities/test-activity';
import type { TUserActivity } from '@kkb/core/activities/user-activity';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getActivityQueryOptions } from '../features/activities/api/get-activity';
import { getAllActivitiesQueryOptions } from '../features/activities/api/get-all-activities';
import { getUserActivitiesQueryOptions } from '../features/activities/api/get-user-activities';
import { getFamilyQueryOptions } from '../features/family/api/get-family';
import { getProfileQueryOptions } from '../features/family/api/get-profile';
import { clearSession, getAccessToken, REMEMBERED_USER_KEY } from '../lib/api-client';
import { reportServerReachable } from '../lib/connectivity';
import { keepQueriesSaved } from '../lib/offline-caches';
import { offlineDb } from '../lib/offline-db';
import { readQueue } from '../lib/offline-queue';
import { completeProfile, familyWith, testUser, tokenSet } from '../test/auth-fixtures';
import { goOnline, setNavigatorOnline } from '../test/browser';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../test/fake-fetch';
import { renderApp } from '../test/render-app';

// The first visit of each lazy page compiles its chunk, which takes a few seconds here.
vi.setConfig({ testTimeout: 30_000 });
const LOADED = { timeout: 15_000 };

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

afterEach(() => {
  clearSession();
});

const volcano = makeActivity({ id: 'volcano', title: 'Kitchen Volcano' });
const favouriteVolcano: TUserActivity = {
  id: 'r1',
  userId: testUser.id,
  activityId: 'volcano',
  status: 'favorite',
  favorite: true,
  tried: false,
  completedAt: null,
  completedBy: null,
  completedChildIds: [],
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

/** The family's data as the server has it. */
function serverHasTheFamily(records: TUserActivity[] = [favouriteVolcano]) {
  server.on('GET /api/v1/profile', () => jsonResponse(200, completeProfile()));
  server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('owner')));
  server.on('GET /api/v1/activities/volcano', () => jsonResponse(200, volcano));
  server.on('GET /api/v1/activities', () =>
    jsonResponse(200, { activities: [volcano], total: 1, skip: 0, limit: 100 }),
  );
  server.on('GET /api/v1/user-activities', () =>
    jsonResponse(200, { userActivities: records, total: records.length, skip: 0, limit: 100 }),
  );
}

/**
 * What an earlier visit left on this device: the session marker and the user it signed in (the
 * server's cookies and our local storage), and the saved query cache with what it loaded.
 */
async function visitedBefore(loaded: 'everything' | 'profile only' = 'everything') {
  document.cookie = 'kkb_session=1; path=/';
  localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(testUser));
  serverHasTheFamily();
  const earlier = new QueryClient();
  const stopSaving = keepQueriesSaved(earlier);
  await earlier.fetchQuery(getProfileQueryOptions());
  await earlier.fetchQuery(getFamilyQueryOptions());
  if (loaded === 'everything') {
    await earlier.fetchQuery(getActivityQueryOptions('volcano'));
    await earlier.fetchQuery(getAllActivitiesQueryOptions());
    await earlier.fetchQuery(getUserActivitiesQueryOptions());
  }
  const expected = loaded === 'everything' ? 5 : 2;
  await vi.waitUntil(async () => (await (await offlineDb()).count('query-cache')) === expected, {
    timeout: 5000,
  });
  stopSaving();
}

/** Every call fails as it does offline, or with the server down: no answer. */
function noAnswers() {
  server.fetch.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
}

/** A reload at `path`: the app as app/start.tsx starts it (its own query client, restored). */
function reloadAt(path: string) {
  return renderApp(path);
}

describe('offline (issue 12)', () => {
  it('a reload offline keeps the parent signed in, with the pages they loaded; back online the session is restored', async () => {
    await visitedBefore();
    setNavigatorOnline(false);
    noAnswers();
    const app = reloadAt('/my-activities');

    const favourites = await screen.findByRole('list', { name: 'Favourite activities' }, LOADED);
    expect(within(favourites).getByText('Kitchen Volcano')).toBeVisible();
    expect(screen.getByRole('button', { name: testUser.name })).toBeVisible();
    expect(screen.queryByText('Welcome back')).toBeNull();
    expect(app.location().pathname).toBe('/my-activities');
    expect(screen.getByRole('button', { name: 'Offline' })).toBeVisible();
    // No refresh is sent while offline: one whose answer got lost would end the sign-in.
    expect(
      server.fetch.mock.calls.filter(([input]) => String(input) === '/api/v1/auth/refresh'),
    ).toEqual([]);

    server.fetch.mockReset();
    serverHasTheFamily();
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet('access-back')));
    goOnline(true);
    await waitFor(() => expect(getAccessToken()).toBe('access-back'));
  });

  it('a server that cannot be reached during a reload (a restart) is not a sign-out either; its return restores the session', async () => {
    await visitedBefore();
    noAnswers();
    reloadAt('/activity/volcano');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kitchen Volcano' }, LOADED),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: testUser.name })).toBeVisible();

    server.fetch.mockReset();
    serverHasTheFamily();
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet('access-back')));
    // The next call that gets an answer (any of the app's) tells it the server is back.
    act(() => reportServerReachable(true));
    await waitFor(() => expect(getAccessToken()).toBe('access-back'));
  });

  it('§8 a page never loaded on this device says "No cached data available offline" instead of loading', async () => {
    await visitedBefore('profile only');
    setNavigatorOnline(false);
    noAnswers();
    reloadAt('/my-activities');
    const panel = await screen.findByRole('tabpanel', {}, LOADED);
    expect(await within(panel).findByText(/No cached data available offline/)).toBeVisible();
  });

  it('§8 with nothing saved at all, the signed-in pages say so too (not "Initializing app..." forever)', async () => {
    document.cookie = 'kkb_session=1; path=/';
    localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(testUser));
    setNavigatorOnline(false);
    noAnswers();
    reloadAt('/dashboard');
    expect(await screen.findByText(/No cached data available offline/, {}, LOADED)).toBeVisible();
    expect(screen.queryByText('Initializing app...')).toBeNull();
  });

  it('favourite offline: shown at once, queued, and counted in the chip', async () => {
    await visitedBefore();
    setNavigatorOnline(false);
    noAnswers();
    reloadAt('/activity/volcano');
    const favourite = await screen.findByRole('button', { name: 'Favourite' }, LOADED);
    expect(favourite).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(favourite);
    await waitFor(() => expect(favourite).toHaveAttribute('aria-pressed', 'false'));

    expect(await readQueue()).toEqual([
      expect.objectContaining({
        kind: 'saveUserActivity',
        payload: { activityId: 'volcano', mark: 'favorite', on: false },
      }),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Offline' }));
    expect(screen.getByRole('dialog', { name: 'Connection details' })).toHaveTextContent(
      'Pending actions1',
    );
  });
});
