import { describe, expect, it } from 'vitest';
import { isRetryableStatus, retryDelayMs } from './retry.ts';

describe('isRetryableStatus', () => {
  it('§8 fallbacks: statuses 5xx, 408 and 429 are retried', () => {
    for (const status of [500, 502, 503, 504, 599, 408, 429]) {
      expect(isRetryableStatus(status)).toBe(true);
    }
  });

  it('§8 fallbacks: other statuses are not retried', () => {
    for (const status of [200, 400, 401, 403, 404, 409, 499, 600]) {
      expect(isRetryableStatus(status)).toBe(false);
    }
  });
});

describe('retryDelayMs', () => {
  const noJitter = () => 0;

  it('§9 storage retry: the backoff doubles from 1 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelayMs(attempt, noJitter))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000,
    ]);
  });

  it('§9 storage retry: the backoff stops doubling at 64 s', () => {
    expect(retryDelayMs(8, noJitter)).toBe(64_000);
    expect(retryDelayMs(2_000, noJitter)).toBe(64_000);
  });

  it('§9 storage retry: jitter adds up to one second from the injected random source', () => {
    expect(retryDelayMs(3, () => 0.5)).toBe(4_500);
    expect(retryDelayMs(20, () => 0.999)).toBe(64_999);
  });

  it('§9 storage retry: attempts count from 1', () => {
    expect(() => retryDelayMs(0, noJitter)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5, noJitter)).toThrow(RangeError);
  });
});
