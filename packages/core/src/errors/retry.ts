/** §8 Fallbacks: the backend client retries 5xx, 408 (request timeout) and 429 (rate limit). */
export function isRetryableStatus(status: number): boolean {
  return (status >= 500 && status < 600) || status === 408 || status === 429;
}

export const RETRY_BASE_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 64_000;
/** Jitter spreads clients that failed together so they do not retry in step. */
export const RETRY_MAX_JITTER_MS = 1_000;

/**
 * §9 "backoff doubling to 64 s with jitter": the wait before retry number `attempt` (1, 2, ...)
 * is 1 s, 2 s, 4 s, ... capped at 64 s, plus `random()` (in [0, 1)) times up to 1 s.
 */
export function retryDelayMs(attempt: number, random: () => number): number {
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  }
  const base = Math.min(RETRY_BASE_DELAY_MS * 2 ** (attempt - 1), RETRY_MAX_DELAY_MS);
  return base + Math.floor(random() * RETRY_MAX_JITTER_MS);
}
