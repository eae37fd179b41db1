import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { FRESH_AFTER_FETCH_MS, freshOnFirstPage, shouldRetry } from './query-client';

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

describe('freshOnFirstPage', () => {
  const queryWith = (updatedAt: number) => {
    const client = new QueryClient();
    client.setQueryData(['profile'], { name: 'The Parkers' }, { updatedAt });
    return client.getQueryCache().find({ queryKey: ['profile'] })!;
  };
  const firstPage = window.location.pathname;

  it('an answer fetched since the page loaded stays fresh for a few seconds (no second request)', () => {
    expect(freshOnFirstPage(firstPage)(queryWith(Date.now()))).toBe(FRESH_AFTER_FETCH_MS);
  });

  it('an answer put back from the offline cache (an earlier visit) is checked at once', () => {
    expect(freshOnFirstPage(firstPage)(queryWith(performance.timeOrigin - 1_000))).toBe(0);
  });

  it('once the parent has moved to another page, its answers are checked again when shown', () => {
    expect(freshOnFirstPage('/elsewhere')(queryWith(Date.now()))).toBe(0);
  });
});
