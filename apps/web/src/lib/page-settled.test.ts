import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageSettled } from './page-settled';

const QUIET_MS = 1000;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Whether `promise` has settled, after the microtasks now queued have run. */
async function isSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('pageSettled: work the page does not show waits until no query has fetched for a while', () => {
  let queryClient: QueryClient;

  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient();
  });
  afterEach(() => {
    queryClient.clear();
    vi.useRealTimers();
  });

  it('resolves the quiet time after the page has loaded, when nothing fetches', async () => {
    const settled = pageSettled(queryClient, QUIET_MS, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(await isSettled(settled)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(settled)).toBe(true);
  });

  it('waits while a query fetches, and the whole quiet time after its answer', async () => {
    const answer = deferred<string>();
    void queryClient.fetchQuery({ queryKey: ['slow'], queryFn: () => answer.promise });
    const settled = pageSettled(queryClient, QUIET_MS, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(5 * QUIET_MS);
    expect(await isSettled(settled)).toBe(false);

    answer.resolve('done');
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(await isSettled(settled)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(settled)).toBe(true);
  });

  it('counts the quiet time again from each answer that arrives meanwhile', async () => {
    const settled = pageSettled(queryClient, QUIET_MS, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(QUIET_MS / 2);
    queryClient.setQueryData(['later'], 'arrived');
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(await isSettled(settled)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(settled)).toBe(true);
  });

  it('a burst of cache events (a page mounting) starts no timer', async () => {
    const settled = pageSettled(queryClient, QUIET_MS, new AbortController().signal);
    queryClient.setQueryData(['burst'], 0);
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const clearTimer = vi.spyOn(globalThis, 'clearTimeout');
    for (let n = 1; n <= 1000; n += 1) queryClient.setQueryData(['burst'], n);
    expect(setTimer.mock.calls.length + clearTimer.mock.calls.length).toBe(0);
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(await isSettled(settled)).toBe(true);
  });

  it('never resolves once its signal aborts, and stops listening to the cache', async () => {
    const abort = new AbortController();
    const settled = pageSettled(queryClient, QUIET_MS, abort.signal);
    abort.abort();
    await vi.advanceTimersByTimeAsync(10 * QUIET_MS);
    expect(await isSettled(settled)).toBe(false);
    expect(queryClient.getQueryCache().hasListeners()).toBe(false);
  });

  it('waits for the page to load first', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const settled = pageSettled(queryClient, QUIET_MS, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(10 * QUIET_MS);
    expect(await isSettled(settled)).toBe(false);

    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(await isSettled(settled)).toBe(true);
  });
});
