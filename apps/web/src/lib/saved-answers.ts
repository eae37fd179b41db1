import type { FetchStatus, QueryClient } from '@tanstack/react-query';

/**
 * How old the answers a page shows are, when they are saved ones (lib/offline-caches keeps them):
 * for "as of 10:42" (components/feedback/as-of-notice). Apart from the offline cache, which every
 * page loads first: only the pages that show the notice need this.
 */

/** A query's result as a page shows it: what `useQuery` answers has these. */
export interface ShownAnswer {
  data: unknown;
  /** When the answer was fetched (ms since the epoch); 0 for a placeholder, which has no time. */
  dataUpdatedAt: number;
  fetchStatus: FetchStatus;
  isError: boolean;
}

/**
 * When the oldest of the answers a page shows was fetched, if it shows them as saved rather than
 * as the server has them now: offline (the app's, or the query paused waiting for the
 * connection), or after the server could not answer a refetch. Undefined when every answer shown
 * is current (or nothing is shown). A placeholder (time 0) is left out: the caller gives the time
 * of the answer it stands for (`fetchedAtOf`).
 */
export function savedAnswersSince(
  answers: readonly ShownAnswer[],
  offline: boolean,
): number | undefined {
  let oldest: number | undefined;
  for (const { data, dataUpdatedAt, fetchStatus, isError } of answers) {
    if (data === undefined || dataUpdatedAt === 0) continue;
    if (!offline && fetchStatus !== 'paused' && !isError) continue;
    oldest = Math.min(oldest ?? dataUpdatedAt, dataUpdatedAt);
  }
  return oldest;
}

/**
 * When `data` was fetched, by the query in `queryClient` that holds it. An answer shown in place
 * of another query's (a placeholder, `keepPreviousData`) reports the new query's time, 0, which
 * read as "January 1, 1970"; its own is that of the query it came from.
 */
export function fetchedAtOf(queryClient: QueryClient, data: unknown): number | undefined {
  if (data === undefined) return undefined;
  return queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.data === data)?.state.dataUpdatedAt;
}
