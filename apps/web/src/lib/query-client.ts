import { QueryClient } from '@tanstack/react-query';
import { followConnectivityInQueries } from './offline-sync';

/** Statuses worth another attempt (spec §4: 5xx, 408 and 429 are retried). */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

const MAX_RETRIES = 2;

/** Retries only failures that carry a retryable HTTP status, at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  const status =
    typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return typeof status === 'number' && isRetryableStatus(status);
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
      queries: { retry: shouldRetry },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
