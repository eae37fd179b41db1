import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type FetchStatus,
  type QueryClient,
} from '@tanstack/react-query';
import { getRememberedUser, getSessionUser } from './api-client';
import { offlineDb } from './offline-db';

/**
 * What the app can show offline (spec §9: offline caches last 24 h; DESIGN, Sync). The query
 * cache itself is kept: every query marked `keptOffline` (profile, family, activities and the
 * details seen, recommendations, the family's activities, stats, achievements, weather) is saved
 * to IndexedDB as it changes and put back when the app starts, for the user it belongs to.
 */
export const OFFLINE_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Bump when the shape of a kept answer changes: a cache saved by an older version of the app is
 * then dropped instead of shown.
 */
const OFFLINE_CACHE_VERSION = 1;
const CACHE_KEY = 'queries';
/** Saving follows the cache's changes at most once a second. */
const SAVE_THROTTLE_MS = 1000;

/**
 * Spread into the `queryOptions` of an answer the app shows offline. The cache keeps it as long as
 * the saved copy lasts: a query no screen uses for a while would otherwise be dropped from memory,
 * and with it from the next save.
 */
export const keptOffline = {
  gcTime: OFFLINE_CACHE_MAX_AGE_MS,
  meta: { keptOffline: true },
} as const;

interface SavedQueries {
  version: number;
  userId: string;
  savedAt: number;
  state: DehydratedState;
}

function isSavedQueries(value: unknown): value is SavedQueries {
  return (
    typeof value === 'object' &&
    value !== null &&
    'version' in value &&
    value.version === OFFLINE_CACHE_VERSION
  );
}

/** Who the cache is for: the signed-in user, or the one whose sign-in waits to be restored. */
function currentUserId(): string | null {
  return (getSessionUser() ?? getRememberedUser())?.id ?? null;
}

/** Forgets the saved queries (sign-out; the cache in memory is cleared by its owner). */
export async function clearSavedQueries(): Promise<void> {
  const db = await offlineDb();
  await db.delete('query-cache', CACHE_KEY);
}

/** Saves the kept queries of `queryClient` now (or forgets them when nobody is signed in). */
export async function saveQueries(queryClient: QueryClient, now = Date.now()): Promise<void> {
  const userId = currentUserId();
  if (userId === null) {
    await clearSavedQueries();
    return;
  }
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.meta?.keptOffline === true && query.state.status === 'success',
    shouldDehydrateMutation: () => false,
  });
  const saved: SavedQueries = { version: OFFLINE_CACHE_VERSION, userId, savedAt: now, state };
  const db = await offlineDb();
  await db.put('query-cache', saved, CACHE_KEY);
}

/**
 * Puts the saved queries back into `queryClient`: only a copy of this app version, under 24 h
 * old, saved for the user now signed in (or waiting to be restored). Anything else is deleted.
 */
export async function restoreQueries(queryClient: QueryClient, now = Date.now()): Promise<void> {
  const db = await offlineDb();
  const saved: unknown = await db.get('query-cache', CACHE_KEY);
  if (saved === undefined) return;
  const usable =
    isSavedQueries(saved) &&
    saved.userId === currentUserId() &&
    now - saved.savedAt <= OFFLINE_CACHE_MAX_AGE_MS;
  if (!usable) {
    await clearSavedQueries();
    return;
  }
  hydrate(queryClient, saved.state, {
    defaultOptions: { queries: { gcTime: OFFLINE_CACHE_MAX_AGE_MS } },
  });
}

/**
 * Saves the kept queries whenever the cache changes (at most once a second, and once more after
 * the last change). Returns the function that stops it.
 */
export function keepQueriesSaved(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    // A failed save (storage full, private mode) leaves the previous copy; the app works on.
    saveQueries(queryClient).catch(() => undefined);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    timer ??= setTimeout(save, SAVE_THROTTLE_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) {
      clearTimeout(timer);
      save();
    }
  };
}

/**
 * A query with nothing to show that waits for the connection to come back (TanStack Query pauses
 * fetches while offline): the page says "No cached data available offline" (spec §8) instead of
 * a loader.
 */
export function isOfflineWithoutData(query: { data: unknown; fetchStatus: FetchStatus }): boolean {
  return query.data === undefined && query.fetchStatus === 'paused';
}
