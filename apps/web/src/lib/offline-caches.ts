import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type FetchStatus,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { getRememberedUser, getSessionUser } from './api-client';
import { offlineDb } from './offline-db';

/**
 * What the app can show offline (spec §9: offline caches last 24 h; DESIGN, Sync). The query
 * cache itself is kept: every answer of a query marked `keptOffline` (profile, family, activities
 * and the details seen, recommendations, the family's activities, stats, achievements, weather,
 * notifications) is saved to IndexedDB as it changes and put back when the app starts, for its
 * user.
 */
export const OFFLINE_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Bump when the shape of a kept answer changes: a cache saved by an older version of the app is
 * then dropped instead of shown. 2: activities have a `picture`.
 */
const OFFLINE_CACHE_VERSION = 2;

/**
 * Spread into the `queryOptions` of an answer the app shows offline. The cache keeps it as long as
 * the saved copy lasts: a query no screen uses for a while would otherwise be dropped from memory.
 */
export const keptOffline = {
  gcTime: OFFLINE_CACHE_MAX_AGE_MS,
  meta: { keptOffline: true },
} as const;

type DehydratedQuery = DehydratedState['queries'][number];

/** One saved answer, under its query hash: each is saved as it changes, on its own. */
interface SavedQuery {
  version: number;
  userId: string;
  query: DehydratedQuery;
}

function isSavedQuery(value: unknown): value is SavedQuery {
  return (
    typeof value === 'object' &&
    value !== null &&
    'version' in value &&
    value.version === OFFLINE_CACHE_VERSION
  );
}

const isKept = (query: Query) => query.meta?.keptOffline === true;

/**
 * Who what the device keeps is for: the signed-in user, or the one whose sign-in waits to be
 * restored.
 */
export function currentUserId(): string | null {
  return (getSessionUser() ?? getRememberedUser())?.id ?? null;
}

/** Forgets every saved answer (sign-out; the cache in memory is cleared by its owner). */
export async function clearSavedQueries(): Promise<void> {
  const db = await offlineDb();
  await db.clear('query-cache');
}

async function saveQuery(queryClient: QueryClient, query: Query): Promise<void> {
  const userId = currentUserId();
  if (userId === null) return;
  const [dehydrated] = dehydrate(queryClient, {
    shouldDehydrateQuery: (candidate) => candidate === query,
    shouldDehydrateMutation: () => false,
  }).queries;
  if (dehydrated === undefined) return;
  const saved: SavedQuery = { version: OFFLINE_CACHE_VERSION, userId, query: dehydrated };
  const db = await offlineDb();
  await db.put('query-cache', saved, query.queryHash);
}

async function forgetQuery(queryHash: string): Promise<void> {
  const db = await offlineDb();
  await db.delete('query-cache', queryHash);
}

/**
 * When each answer put back from the offline cache was fetched, by query hash: what is saved
 * already, unless the query has been fetched again since.
 */
export type RestoredQueries = ReadonlyMap<string, number>;

/**
 * Puts the saved answers back into `queryClient`: only those under 24 h old, saved by this version
 * of the app for the user now signed in (or waiting to be restored). The others are deleted.
 */
export async function restoreQueries(
  queryClient: QueryClient,
  now = Date.now(),
): Promise<RestoredQueries> {
  const userId = currentUserId();
  const db = await offlineDb();
  const tx = db.transaction('query-cache', 'readwrite');
  const queries: DehydratedQuery[] = [];
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    const saved: unknown = cursor.value;
    if (
      isSavedQuery(saved) &&
      saved.userId === userId &&
      now - saved.query.state.dataUpdatedAt <= OFFLINE_CACHE_MAX_AGE_MS
    ) {
      queries.push(saved.query);
    } else {
      await cursor.delete();
    }
  }
  await tx.done;
  hydrate(
    queryClient,
    { mutations: [], queries },
    { defaultOptions: { queries: { gcTime: OFFLINE_CACHE_MAX_AGE_MS } } },
  );
  return new Map(queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]));
}

/**
 * Saves each kept answer as it arrives or changes (an optimistic change too), each on its own, so
 * a page that closes at once has saved what it loaded and a page opened meanwhile does not
 * overwrite it; an answer dropped (reset, removed) is forgotten. Returns the function that stops.
 */
export function keepQueriesSaved(
  queryClient: QueryClient,
  restored: RestoredQueries = new Map(),
): () => void {
  // The data saved of each query. Structural sharing keeps the reference of an answer that did
  // not change: nothing to write then.
  const saved = new Map<string, unknown>();
  // A failed write (storage full, private mode) leaves the previous copy; the app works on.
  const ignore = () => undefined;
  // What was just restored is saved already; what came before saving began (the dashboard's
  // answers asked at start-up) is saved now.
  for (const query of queryClient.getQueryCache().getAll()) {
    if (!isKept(query) || query.state.data === undefined) continue;
    saved.set(query.queryHash, query.state.data);
    if (restored.get(query.queryHash) !== query.state.dataUpdatedAt) {
      saveQuery(queryClient, query).catch(ignore);
    }
  }
  return queryClient.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (!isKept(query)) return;
    if (event.type === 'removed' || query.state.data === undefined) {
      if (saved.delete(query.queryHash)) forgetQuery(query.queryHash).catch(ignore);
      return;
    }
    if (query.state.status !== 'success' || saved.get(query.queryHash) === query.state.data) return;
    saved.set(query.queryHash, query.state.data);
    saveQuery(queryClient, query).catch(ignore);
  });
}

/**
 * A query with nothing to show that waits for the connection to come back (TanStack Query pauses
 * fetches while offline): the page says "No cached data available offline" (spec §8) instead of
 * a loader.
 */
export function isOfflineWithoutData(query: { data: unknown; fetchStatus: FetchStatus }): boolean {
  return query.data === undefined && query.fetchStatus === 'paused';
}
