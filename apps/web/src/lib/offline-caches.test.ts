import { QueryClient, queryOptions } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { testUser } from '../test/auth-fixtures';
import { REMEMBERED_USER_KEY } from './api-client';
import {
  isOfflineWithoutData,
  keptOffline,
  OFFLINE_CACHE_MAX_AGE_MS,
  restoreQueries,
  saveQueries,
} from './offline-caches';

const NOW = Date.parse('2026-03-01T09:00:00Z');

/** The state a reload finds: the session marker, and the user last signed in. */
function rememberSignIn(user = testUser) {
  document.cookie = 'kkb_session=1; path=/';
  localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
}

const kept = queryOptions({
  queryKey: ['family', 'profile'],
  queryFn: () => ({ familyName: 'The Smiths' }),
  ...keptOffline,
});
const notKept = queryOptions({ queryKey: ['notifications', 'list'], queryFn: () => ['n1'] });

async function savedCache() {
  const online = new QueryClient();
  await online.fetchQuery(kept);
  await online.fetchQuery(notKept);
  await saveQueries(online, NOW);
}

describe('offline caches (spec §9: 24 h)', () => {
  it('a reload gets back the queries kept offline, and only those', async () => {
    rememberSignIn();
    await savedCache();
    const reloaded = new QueryClient();
    await restoreQueries(reloaded, NOW + 60_000);
    expect(reloaded.getQueryData(kept.queryKey)).toEqual({ familyName: 'The Smiths' });
    expect(reloaded.getQueryData(notKept.queryKey)).toBeUndefined();
  });

  it('§9 a copy older than 24 h is dropped', async () => {
    rememberSignIn();
    await savedCache();
    const reloaded = new QueryClient();
    await restoreQueries(reloaded, NOW + OFFLINE_CACHE_MAX_AGE_MS + 1);
    expect(reloaded.getQueryData(kept.queryKey)).toBeUndefined();
    // ...and deleted, not only skipped.
    await restoreQueries(reloaded, NOW);
    expect(reloaded.getQueryData(kept.queryKey)).toBeUndefined();
  });

  it("another user's copy is never shown (a shared device)", async () => {
    rememberSignIn();
    await savedCache();
    rememberSignIn({ ...testUser, id: 'user-2' });
    const reloaded = new QueryClient();
    await restoreQueries(reloaded, NOW);
    expect(reloaded.getQueryData(kept.queryKey)).toBeUndefined();
  });

  it('nothing is kept for nobody: saving while signed out forgets the copy', async () => {
    rememberSignIn();
    await savedCache();
    localStorage.removeItem(REMEMBERED_USER_KEY);
    await saveQueries(new QueryClient(), NOW);
    rememberSignIn();
    const reloaded = new QueryClient();
    await restoreQueries(reloaded, NOW);
    expect(reloaded.getQueryData(kept.queryKey)).toBeUndefined();
  });

  it('a restored query stays in memory for as long as its copy may be used', async () => {
    rememberSignIn();
    await savedCache();
    const reloaded = new QueryClient();
    await restoreQueries(reloaded, NOW);
    expect(reloaded.getQueryCache().find({ queryKey: kept.queryKey })?.gcTime).toBe(
      OFFLINE_CACHE_MAX_AGE_MS,
    );
  });
});

describe('isOfflineWithoutData (spec §8: no cached data offline)', () => {
  it('is true only for a query with no data whose fetch waits for the connection', () => {
    expect(isOfflineWithoutData({ data: undefined, fetchStatus: 'paused' })).toBe(true);
    expect(isOfflineWithoutData({ data: { cached: true }, fetchStatus: 'paused' })).toBe(false);
    expect(isOfflineWithoutData({ data: undefined, fetchStatus: 'fetching' })).toBe(false);
  });
});
