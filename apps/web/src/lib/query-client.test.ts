import { describe, expect, it } from 'vitest';
import { shouldRetry } from './query-client';

const failure = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

describe('shouldRetry', () => {
  it.each([500, 502, 503, 408, 429])('§4 retries status %i', (status) => {
    expect(shouldRetry(0, failure(status))).toBe(true);
  });

  it.each([400, 401, 403, 404, 409, 422])('does not retry status %i', (status) => {
    expect(shouldRetry(0, failure(status))).toBe(false);
  });

  it('does not retry errors without a status', () => {
    expect(shouldRetry(0, new Error('parse failure'))).toBe(false);
  });

  it('stops after two retries', () => {
    expect(shouldRetry(1, failure(503))).toBe(true);
    expect(shouldRetry(2, failure(503))).toBe(false);
  });
});
