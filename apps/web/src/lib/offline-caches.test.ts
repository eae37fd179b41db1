import { QueryClient, queryOptions } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../test/auth-fixtures';
import { REMEMBERED_USER_KEY } from './api-client';
import {
  isOfflineWithoutData,
  keepQueriesSaved,
  keptOffline,
  OFFLINE_CACHE_MAX_AGE_MS,
  restoreQueries,
} from './offline-caches';

/** IndexedDB in jsdom is slow on a busy machine. */
const SLOW = { timeout: 5000 };

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
const notKept = queryOptions({ queryKey: ['push', 'subscriptions'], queryFn: () => ['p1'] });

/** What a reload at `now` would find of the kept query. */
async function afterReload(now = Date.now()) {
  const reloaded = new QueryClient();
  await restoreQueries(reloaded, now);
  return {
    kept: reloaded.getQueryData<{ familyName: string }>(kept.queryKey),
    notKept: reloaded.getQueryData(notKept.queryKey),
    gcTime: reloaded.getQueryCache().find({ queryKey: kept.queryKey })?.gcTime,
    fetchedAt: reloaded.getQueryState(kept.queryKey)?.dataUpdatedAt,
  };
}

/** A visit that loads both queries while the app keeps its cache saved. */
async function visit() {
  const queryClient = new QueryClient();
  const stop = keepQueriesSaved(queryClient);
  await queryClient.fetchQuery(kept);
  await queryClient.fetchQuery(notKept);
  await vi.waitUntil(async () => (await afterReload()).kept !== undefined, SLOW);
  return { queryClient, stop };
}

describe('offline caches (spec §9: 24 h)', () => {
  it('a reload gets back the answers kept offline, and only those', async () => {
    rememberSignIn();
    const { queryClient, stop } = await visit();
    stop();
    expect(await afterReload()).toEqual({
      kept: { familyName: 'The Smiths' },
      notKept: undefined,
      // Kept in memory as long as the copy may be used.
      gcTime: OFFLINE_CACHE_MAX_AGE_MS,
      // With the time it was fetched, which the pages show ("as of").
      fetchedAt: queryClient.getQueryState(kept.queryKey)?.dataUpdatedAt,
    });
  });

  it('§9 an answer older than 24 h is dropped, and deleted', async () => {
    rememberSignIn();
    const { stop } = await visit();
    stop();
    expect((await afterReload(Date.now() + OFFLINE_CACHE_MAX_AGE_MS + 1)).kept).toBeUndefined();
    expect((await afterReload()).kept).toBeUndefined();
  });

  it("another user's copy is never shown (a shared device)", async () => {
    rememberSignIn();
    const { stop } = await visit();
    stop();
    rememberSignIn({ ...testUser, id: 'user-2' });
    expect((await afterReload()).kept).toBeUndefined();
  });

  it('each change is saved as it happens (an optimistic one too); a dropped answer is forgotten', async () => {
    rememberSignIn();
    const { queryClient, stop } = await visit();
    queryClient.setQueryData(kept.queryKey, { familyName: 'Changed offline' });
    await vi.waitUntil(
      async () => (await afterReload()).kept?.familyName === 'Changed offline',
      SLOW,
    );
    // Signing out clears the cache: the saved copy follows.
    queryClient.clear();
    await vi.waitUntil(async () => (await afterReload()).kept === undefined, SLOW);
    stop();
  });

  it('an answer fetched before saving began (asked at start-up, during the restore) is saved too', async () => {
    rememberSignIn();
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(kept);
    const stop = keepQueriesSaved(queryClient, await restoreQueries(queryClient));
    await vi.waitUntil(async () => (await afterReload()).kept !== undefined, SLOW);
    expect((await afterReload()).kept).toEqual({ familyName: 'The Smiths' });
    stop();
  });

  it('what the restore put back is not written again', async () => {
    rememberSignIn();
    const { stop } = await visit();
    stop();
    const reloaded = new QueryClient();
    const restored = await restoreQueries(reloaded);
    const query = reloaded.getQueryCache().find({ queryKey: kept.queryKey })!;
    expect(restored.get(query.queryHash)).toBe(query.state.dataUpdatedAt);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    keepQueriesSaved(reloaded, restored)();
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
  });

  it('a page opened meanwhile does not overwrite what another one saved', async () => {
    rememberSignIn();
    const stats = queryOptions({
      queryKey: ['achievements', 'stats'],
      queryFn: () => ({ totalActivities: 3 }),
      ...keptOffline,
    });
    const first = new QueryClient();
    const stopFirst = keepQueriesSaved(first);
    // The second page started before the first saved anything.
    const second = new QueryClient();
    await restoreQueries(second);
    const stopSecond = keepQueriesSaved(second);
    await first.fetchQuery(kept);
    await vi.waitUntil(async () => (await afterReload()).kept !== undefined, SLOW);
    await second.fetchQuery(stats);
    const reloaded = new QueryClient();
    await vi.waitUntil(async () => {
      await restoreQueries(reloaded);
      return reloaded.getQueryData(stats.queryKey) !== undefined;
    }, SLOW);
    expect(reloaded.getQueryData(kept.queryKey)).toEqual({ familyName: 'The Smiths' });
    stopFirst();
    stopSecond();
  });
});

describe('isOfflineWithoutData (spec §8: no cached data offline)', () => {
  it('is true only for a query with no data whose fetch waits for the connection', () => {
    expect(isOfflineWithoutData({ data: undefined, fetchStatus: 'paused' })).toBe(true);
    expect(isOfflineWithoutData({ data: { cached: true }, fetchStatus: 'paused' })).toBe(false);
    expect(isOfflineWithoutData({ data: undefined, fetchStatus: 'fetching' })).toBe(false);
  });
});
