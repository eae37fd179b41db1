import { CATEGORIES } from '@kkb/core/activities/categories';
import { makeActivity } from '@kkb/core/activities/test-activity';
import type { TChild, TFamilyProfile } from '@kkb/core/family/schema';
import { FOREIGN_FAMILY_SYNC_MESSAGE, type TQueuedSyncAction } from '@kkb/core/sync/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { achievement, stats } from '../features/achievements/test/fixtures';
import { notification } from '../features/notifications/test/fake-notifications';
import { clearSession, REMEMBERED_USER_KEY } from '../lib/api-client';
import { readDeviceCatalogue } from '../lib/device-catalogue';
import { offlineDb } from '../lib/offline-db';
import { readQueue } from '../lib/offline-queue';
import { completeProfile, familyWith, testUser, tokenSet } from '../test/auth-fixtures';
import { goOnline, setNavigatorOnline } from '../test/browser';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../test/fake-fetch';
import { renderApp } from '../test/render-app';

// Lazy pages compile on their first visit, and the prefetch waits for the page to settle (3 s).
vi.setConfig({ testTimeout: 40_000 });
const LOADED = { timeout: 15_000 };
/** What follows an answer (a sync, the refetch after it) on a busy machine. */
const SETTLED = { timeout: 10_000 };

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
  // A session to restore: the marker cookie, and the user it signed in.
  document.cookie = 'kkb_session=1; path=/';
  localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(testUser));
});

afterEach(async () => {
  clearSession();
  await (await offlineDb()).clear('catalogue');
});

const boats = makeActivity({ id: 'paper-boats', title: 'Paper Boats' });
const ownDisco = makeActivity({ id: 'own-kitchen-disco', title: 'Kitchen Disco' });

function profileOf(familyName: string, children: TChild[] = []): TFamilyProfile {
  const profile = completeProfile();
  return {
    ...profile,
    familyInfo: {
      ...profile.familyInfo,
      familyName,
      children: [...profile.familyInfo.children, ...children],
    },
  };
}

/** The family's data as the server has it; `profile` answers GET /profile. */
function serverHasTheFamily(profile: () => TFamilyProfile = () => profileOf('The Smiths')) {
  server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet()));
  server.on('GET /api/v1/profile', () => jsonResponse(200, profile()));
  server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('owner')));
  server.on('GET /api/v1/activities/paper-boats', () => jsonResponse(200, boats));
  server.on('GET /api/v1/activities', () =>
    jsonResponse(200, { activities: [boats], total: 1, skip: 0, limit: 100 }),
  );
  server.on('GET /api/v1/user-activities', () =>
    jsonResponse(200, { userActivities: [], total: 0, skip: 0, limit: 100 }),
  );
  // The catalogue the device keeps (its built-in part and the family's own activities).
  server.on('GET /api/v1/catalogue', () =>
    jsonResponse(200, {
      version: 'v1-own',
      builtIn: { version: 'v1', url: '/api/v1/catalogue/builtin/v1' },
      ownActivities: [ownDisco],
    }),
  );
  server.on('GET /api/v1/catalogue/builtin/v1', () =>
    jsonResponse(200, { version: 'v1', activities: [boats], categories: [...CATEGORIES] }),
  );
  server.on('GET /api/v1/stats/recent-play', () =>
    jsonResponse(200, { since: new Date().toISOString(), completions: [] }),
  );
  server.on('GET /api/v1/stats', () => jsonResponse(200, stats({ totalActivities: 4 })));
  server.on('GET /api/v1/achievements', () =>
    jsonResponse(200, { achievements: [achievement({ title: 'First Steps' })] }),
  );
  server.on('GET /api/v1/notifications', () =>
    jsonResponse(200, {
      notifications: [notification({ title: 'Rain this afternoon' })],
      total: 1,
      skip: 0,
      limit: 50,
    }),
  );
  server.on('GET /api/v1/notifications/unread-count', () => jsonResponse(200, { count: 1 }));
}

/** Every call fails as it does offline: no answer. */
function offline() {
  setNavigatorOnline(false);
  server.fetch.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
}

async function savedQueryKeys(): Promise<string[]> {
  const db = await offlineDb();
  return (await db.getAllKeys('query-cache')).map(String);
}

describe('issue 30: stored pages readable offline even if never opened', () => {
  it('after sign-in the pages are fetched and kept; a reload offline opens each with how old it is', async () => {
    serverHasTheFamily();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile Settings' }, LOADED)).toBeVisible();
    // Once the page has settled, what the other pages show is fetched and saved.
    await vi.waitFor(
      async () =>
        expect(await savedQueryKeys()).toEqual(
          expect.arrayContaining([
            '["user-activities"]',
            '["achievements","stats","recent-play"]',
            '["achievements","stats"]',
            '["achievements","list"]',
            '["notifications","list","all"]',
            '["notifications","unread-count"]',
            '["family","profile"]',
            '["family","members"]',
          ]),
        ),
      { timeout: 15_000, interval: 200 },
    );
    // The activities are the catalogue the device holds, not a list of its own.
    await vi.waitFor(async () => expect(await readDeviceCatalogue(testUser.id)).toBeDefined(), {
      timeout: 15_000,
      interval: 200,
    });
    expect(await savedQueryKeys()).not.toContain('["activities","all"]');
    expect(server.requestsTo('GET /api/v1/notifications')).toHaveLength(1);
    // Online, nothing says it is saved data.
    expect(screen.queryByText(/, as of /)).toBeNull();
    cleanup();

    offline();
    renderApp('/notifications');
    expect(await screen.findByText('Rain this afternoon', {}, LOADED)).toBeVisible();
    expect(
      await screen.findByText(/^Your notifications as you last saw them, as of /, {}, LOADED),
    ).toBeVisible();
    cleanup();

    renderApp('/achievements');
    expect(await screen.findByText('First Steps', {}, LOADED)).toBeVisible();
    expect(await screen.findByText(/^Saved on this device, as of /, {}, LOADED)).toBeVisible();
    cleanup();

    renderApp('/my-activities?tab=own');
    expect(await screen.findByRole('tabpanel', {}, LOADED)).toBeVisible();
    expect(await screen.findByText('Kitchen Disco', {}, LOADED)).toBeVisible();
    expect(await screen.findByText(/^Saved on this device, as of /, {}, LOADED)).toBeVisible();
    expect(screen.queryByText(/No cached data available offline/)).toBeNull();
  });
});

describe('issue 30: sync edges', () => {
  it('removed from the family while offline: back online one message names the family and lists what was not saved', async () => {
    serverHasTheFamily();
    renderApp('/activity/paper-boats');
    const favourite = await screen.findByRole('button', { name: 'Favourite' }, LOADED);
    await waitFor(() => expect(favourite).toBeEnabled(), SETTLED);

    goOnline(false);
    await userEvent.click(favourite);
    await waitFor(() => expect(favourite).toHaveAttribute('aria-pressed', 'true'), SETTLED);
    expect(await readQueue()).toEqual([
      expect.objectContaining({ familyId: familyWith('owner').id, familyName: 'The Smiths' }),
    ]);

    // Meanwhile the owner removed this member, who now has a family of their own.
    server.on('POST /api/v1/sync', ({ body }) =>
      jsonResponse(200, {
        results: (body as { actions: TQueuedSyncAction[] }).actions.map(({ clientId }) => ({
          clientId,
          status: 'rejected',
          detail: FOREIGN_FAMILY_SYNC_MESSAGE,
        })),
      }),
    );
    goOnline(true);
    const note = await screen.findByText('You are no longer a member of “The Smiths”', {}, LOADED);
    const alert = note.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('These were not saved:')).toBeVisible();
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Favourited “Paper Boats”');
    expect(await readQueue()).toEqual([]);
  });

  it('a child whose add got no answer is queued, listed at once as waiting, and synced once', async () => {
    let serverChildren: TChild[] = [];
    serverHasTheFamily(() => profileOf('The Smiths', serverChildren));
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Add child' }, LOADED));
    // The request reaches the server, which adds Mia, but the answer is lost.
    server.on('POST /api/v1/profile/children', ({ body }) => {
      const { clientId } = body as { clientId: string };
      serverChildren = [
        { ...completeProfile().familyInfo.children[0]!, id: 'child-mia', name: 'Mia' },
      ];
      sentClientId = clientId;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    let sentClientId = '';
    const syncs: TQueuedSyncAction[][] = [];
    server.on('POST /api/v1/sync', ({ body }) => {
      const { actions } = body as { actions: TQueuedSyncAction[] };
      syncs.push(actions);
      // Recorded with the add: the sync's copy is a duplicate.
      return jsonResponse(200, {
        results: actions.map(({ clientId }) => ({ clientId, status: 'duplicate' })),
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add a child' });
    await userEvent.type(within(dialog).getByLabelText(/Child's name/), 'Mia');
    await userEvent.type(within(dialog).getByLabelText(/^Age/), '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText("Mia added. It will sync when you're back online.", {}, LOADED),
    ).toBeVisible();
    // Sent once more through the sync, under the clientId the lost call carried.
    await waitFor(
      () =>
        expect(syncs).toEqual([
          [expect.objectContaining({ clientId: sentClientId, kind: 'addChild' })],
        ]),
      SETTLED,
    );
    // Then the server's own Mia replaces the one listed meanwhile: once, not waiting any more.
    const children = screen.getByRole('list', { name: 'Children' });
    await waitFor(
      () =>
        expect(
          within(children)
            .getAllByRole('heading', { level: 3 })
            .map((h) => h.textContent),
        ).toEqual(['Noa', 'Mia']),
      SETTLED,
    );
    await waitFor(
      () => expect(within(children).queryByText('Waiting to sync')).toBeNull(),
      SETTLED,
    );
    // The sync's answer (duplicate) had the profile fetched again: Mia is the server's now.
    await waitFor(() => {
      const calls = server.fetch.mock.calls.map(
        ([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(input)}`,
      );
      expect(calls.lastIndexOf('GET /api/v1/profile')).toBeGreaterThan(
        calls.indexOf('POST /api/v1/sync'),
      );
    }, SETTLED);
    expect(await readQueue()).toEqual([]);
  });
});
