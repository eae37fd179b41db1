import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_CACHE_NAMES, clearOfflineApiCaches } from './offline-caches';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('offline API caches', () => {
  it('deletes every runtime cache of API answers at sign-out', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      delete: vi.fn((name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      }),
    });
    await clearOfflineApiCaches();
    expect(deleted.sort()).toEqual(Object.values(API_CACHE_NAMES).sort());
  });

  it('does nothing where the Cache API does not exist', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(clearOfflineApiCaches()).resolves.toBeUndefined();
  });
});
