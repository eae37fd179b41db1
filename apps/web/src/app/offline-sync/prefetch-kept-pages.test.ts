import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAchievementsQueryOptions } from '../../features/achievements/api/get-achievements';
import { getStatsQueryOptions } from '../../features/achievements/api/get-stats';
import { stats } from '../../features/achievements/test/fixtures';
import { completeProfile, familyWith } from '../../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../test/fake-fetch';
import { PREFETCH_FRESH_MS, prefetchKeptPages } from './prefetch-kept-pages';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
  server.on('GET /api/v1/profile', () => jsonResponse(200, completeProfile()));
  server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('owner')));
  server.on('GET /api/v1/user-activities', () =>
    jsonResponse(200, { userActivities: [], total: 0, skip: 0, limit: 100 }),
  );
  server.on('GET /api/v1/stats', () => jsonResponse(200, stats()));
  server.on('GET /api/v1/achievements', () => jsonResponse(200, { achievements: [] }));
  server.on('GET /api/v1/notifications', () => jsonResponse(200, { notifications: [] }));
  server.on('GET /api/v1/notifications/unread-count', () => jsonResponse(200, { count: 0 }));
});

const asked = () =>
  server.fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);

describe('prefetchKeptPages: what the pages read offline show, fetched ahead', () => {
  it("fetches each page's answers under the page's own key, kept offline", async () => {
    const queryClient = new QueryClient();
    await prefetchKeptPages(queryClient);
    expect(new Set(asked())).toEqual(
      new Set([
        '/api/v1/profile',
        '/api/v1/family',
        '/api/v1/user-activities',
        '/api/v1/stats',
        '/api/v1/achievements',
        '/api/v1/notifications',
        '/api/v1/notifications/unread-count',
      ]),
    );
    const kept = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.meta?.keptOffline === true)
      .map((query) => query.queryHash);
    expect(kept).toHaveLength(7);
    expect(kept).toContain('["notifications","list","all"]');
  });

  it('asks again only for what is older than its freshness, or marked changed', async () => {
    const queryClient = new QueryClient();
    await prefetchKeptPages(queryClient);
    const now = Date.now();
    // Stats from 20 minutes ago, the rest just fetched.
    queryClient.setQueryData(getStatsQueryOptions().queryKey, stats(), {
      updatedAt: now - PREFETCH_FRESH_MS - 5 * 60_000,
    });
    server.fetch.mockClear();
    await prefetchKeptPages(queryClient);
    expect(asked()).toEqual(['/api/v1/stats']);

    // A live event or a sync marked the achievements changed.
    await queryClient.invalidateQueries({ queryKey: getAchievementsQueryOptions().queryKey });
    server.fetch.mockClear();
    await prefetchKeptPages(queryClient);
    expect(asked()).toEqual(['/api/v1/achievements']);
  });

  it('leaves the activities to the catalogue the device holds', async () => {
    await prefetchKeptPages(new QueryClient());
    expect(asked()).not.toContain('/api/v1/activities');
  });
});
