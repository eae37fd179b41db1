import { describe, expect, it, vi } from 'vitest';
import { ExpiringCache } from './expiring-cache.ts';

function clock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('ExpiringCache', () => {
  it('loads once while fresh, and again once the entry has expired', async () => {
    const c = clock();
    const cache = new ExpiringCache<string>({ maxEntries: 10, ttlMs: 100, now: c.now });
    const load = vi.fn(() => Promise.resolve('value'));
    expect(await cache.get('k', load)).toBe('value');
    c.advance(99);
    expect(await cache.get('k', load)).toBe('value');
    expect(load).toHaveBeenCalledTimes(1);
    c.advance(1);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lets concurrent misses share one load', async () => {
    const cache = new ExpiringCache<number>({ maxEntries: 10, ttlMs: 100 });
    const load = vi.fn(() => new Promise<number>((resolve) => setTimeout(() => resolve(7), 5)));
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never serves a failed load again', async () => {
    const cache = new ExpiringCache<number>({ maxEntries: 10, ttlMs: 100 });
    await expect(cache.get('k', () => Promise.reject(new Error('nope')))).rejects.toThrow('nope');
    await Promise.resolve();
    expect(await cache.get('k', () => Promise.resolve(1))).toBe(1);
  });

  it('gives a settled entry the life ttlAfterLoad chooses', async () => {
    const c = clock();
    const cache = new ExpiringCache<number>({
      maxEntries: 10,
      ttlMs: 1000,
      ttlAfterLoad: (value) => value,
      now: c.now,
    });
    const load = vi.fn((): Promise<number> => Promise.resolve(10));
    await cache.get('k', load);
    c.advance(10);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops the oldest entry when full', async () => {
    const cache = new ExpiringCache<string>({ maxEntries: 2, ttlMs: 100 });
    const load = vi.fn((key: string) => Promise.resolve(key));
    for (const key of ['a', 'b', 'c']) await cache.get(key, () => load(key));
    await cache.get('b', () => load('b'));
    await cache.get('a', () => load('a'));
    expect(load.mock.calls.map(([key]) => key)).toEqual(['a', 'b', 'c', 'a']);
  });
});
