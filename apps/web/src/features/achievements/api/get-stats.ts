import type { TFamilyStats } from '@kkb/core/achievements/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';

/** `GET /stats`: the family's streak, points, time together and activity count. */
export function getStats(signal?: AbortSignal): Promise<TFamilyStats> {
  return apiGet<TFamilyStats>('/api/v1/stats', { signal });
}

export function getStatsQueryOptions() {
  return queryOptions({
    queryKey: ['achievements', 'stats'],
    queryFn: ({ signal }) => getStats(signal),
    ...keptOffline,
  });
}

export function useStats() {
  return useQuery(getStatsQueryOptions());
}
