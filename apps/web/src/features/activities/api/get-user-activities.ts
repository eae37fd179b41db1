import { MAX_PAGE_LIMIT } from '@kkb/core/activities/page-limits';
import type { TUserActivity, TUserActivityList } from '@kkb/core/activities/user-activity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';

/** `GET /user-activities`, every page: the family's favourites and tried activities, newest first. */
export async function getUserActivities(signal?: AbortSignal): Promise<TUserActivity[]> {
  const records: TUserActivity[] = [];
  for (let skip = 0; ; skip += MAX_PAGE_LIMIT) {
    const page = await apiGet<TUserActivityList>(
      `/api/v1/user-activities?skip=${skip}&limit=${MAX_PAGE_LIMIT}`,
      { signal },
    );
    records.push(...page.userActivities);
    if (skip + MAX_PAGE_LIMIT >= page.total) return records;
  }
}

export function getUserActivitiesQueryOptions() {
  return queryOptions({
    queryKey: ['user-activities'],
    queryFn: ({ signal }) => getUserActivities(signal),
    ...keptOffline,
  });
}

export function useUserActivities() {
  return useQuery(getUserActivitiesQueryOptions());
}
