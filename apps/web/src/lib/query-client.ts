import { QueryClient } from '@tanstack/react-query';

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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
