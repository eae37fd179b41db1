import type { TRecentPlay } from '@kkb/core/activities/recent-play';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';

/**
 * `GET /stats/recent-play`: the family's completions of the last week with the children who
 * played, which the device's ranking reads (issue 30). Under the stats' key, so whatever makes
 * the stats stale (a completion, a co-parent's live event) makes it stale; kept offline.
 */
export function getRecentPlay(signal?: AbortSignal): Promise<TRecentPlay> {
  return apiGet<TRecentPlay>('/api/v1/stats/recent-play', { signal });
}

export function getRecentPlayQueryOptions() {
  return queryOptions({
    queryKey: ['achievements', 'stats', 'recent-play'],
    queryFn: ({ signal }) => getRecentPlay(signal),
    ...keptOffline,
  });
}

export function useRecentPlay({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getRecentPlayQueryOptions(), enabled });
}
