import type { TAchievement, TAchievementList } from '@kkb/core/achievements/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';

/** `GET /achievements`: every achievement with its progress. */
export async function getAchievements(signal?: AbortSignal): Promise<TAchievement[]> {
  const list = await apiGet<TAchievementList>('/api/v1/achievements', { signal });
  return list.achievements;
}

export function getAchievementsQueryOptions() {
  return queryOptions({
    queryKey: ['achievements', 'list'],
    queryFn: ({ signal }) => getAchievements(signal),
    ...keptOffline,
  });
}

export function useAchievements() {
  return useQuery(getAchievementsQueryOptions());
}
