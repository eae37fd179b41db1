import type { TSkillPlay } from '@kkb/core/achievements/skill-play';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';

/**
 * `GET /stats/skills`: each child's play by skill area over the last four weeks. Under the stats'
 * key, so whatever makes the stats stale (a completion, a co-parent's live event) makes it stale.
 */
export function getSkillPlay(signal?: AbortSignal): Promise<TSkillPlay> {
  return apiGet<TSkillPlay>('/api/v1/stats/skills', { signal });
}

export function getSkillPlayQueryOptions() {
  return queryOptions({
    queryKey: ['achievements', 'stats', 'skills'],
    queryFn: ({ signal }) => getSkillPlay(signal),
    ...keptOffline,
  });
}

export function useSkillPlay() {
  return useQuery(getSkillPlayQueryOptions());
}
