import type { TActivity } from '@kkb/core/activities/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';

/** `GET /activities/{id}`: one activity, built-in or the family's own (404 "Activity not found"). */
export function getActivity(id: string, signal?: AbortSignal): Promise<TActivity> {
  return apiGet<TActivity>(`/api/v1/activities/${encodeURIComponent(id)}`, { signal });
}

export function getActivityQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['activities', 'detail', id],
    queryFn: ({ signal }) => getActivity(id, signal),
    ...keptOffline,
  });
}

export function useActivity(id: string) {
  return useQuery(getActivityQueryOptions(id));
}
