import { isRetryableStatus } from '@kkb/core/errors/retry';
import { QueryClient, type Query } from '@tanstack/react-query';
import { followConnectivityInQueries } from './offline-sync';

const MAX_RETRIES = 2;

/** Retries only failures that carry a retryable HTTP status, at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  const status =
    typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return typeof status === 'number' && isRetryableStatus(status);
}

/**
 * How long an answer fetched for the page first opened counts as fresh: its parts that mount just
 * after it came (asked at start-up, or by the guard before them) show it without asking again.
 */
export const FRESH_AFTER_FETCH_MS = 5_000;

/**
 * The queries' staleness for an app opened at `firstPathname`: an answer fetched since the page
 * loaded is fresh for a few seconds while the parent is still on that first page. Put back from
 * the offline cache (fetched on an earlier visit, maybe seconds ago), or once the parent has
 * moved on, it is stale at once: a reload, or the next page, always asks again.
 */
export function freshOnFirstPage(firstPathname: string) {
  return (query: Query): number =>
    query.state.dataUpdatedAt >= performance.timeOrigin &&
    window.location.pathname === firstPathname
      ? FRESH_AFTER_FETCH_MS
      : 0;
}

/**
 * The app's query client. Queries pause while offline (and show what is cached); mutations are
 * never paused: an offline one is queued by its feature (lib/offline-queue) or fails at once,
 * rather than spinning until the connection returns.
 */
export function createQueryClient(): QueryClient {
  followConnectivityInQueries();
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: freshOnFirstPage(window.location.pathname) },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
