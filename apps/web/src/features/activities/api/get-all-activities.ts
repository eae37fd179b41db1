import { MAX_PAGE_LIMIT } from '@kkb/core/activities/query';
import type { TActivity } from '@kkb/core/activities/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getActivities } from './get-activities';
import { keptOffline } from '../../../lib/offline-caches';

/** Every activity the family can see, built-in and own: `GET /activities` page by page. */
export async function getAllActivities(signal?: AbortSignal): Promise<TActivity[]> {
  const all: TActivity[] = [];
  for (let skip = 0; ; skip += MAX_PAGE_LIMIT) {
    const page = await getActivities({ skip, limit: MAX_PAGE_LIMIT }, signal);
    all.push(...page.activities);
    if (skip + MAX_PAGE_LIMIT >= page.total) return all;
  }
}

export function getAllActivitiesQueryOptions() {
  return queryOptions({
    queryKey: ['activities', 'all'],
    queryFn: ({ signal }) => getAllActivities(signal),
    ...keptOffline,
  });
}

export function useAllActivities() {
  return useQuery(getAllActivitiesQueryOptions());
}
