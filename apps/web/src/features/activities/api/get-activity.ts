import type { TActivity } from '@kkb/core/activities/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { catalogueActivity } from '../../../lib/device-catalogue';
import { keptOffline } from '../../../lib/offline-caches';
import { useDeviceCatalogue } from './held-catalogue';

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

/**
 * One activity: from the catalogue the device holds when it has it (offline too, a page never
 * opened before included), else from the server.
 */
export function useActivity(id: string) {
  const catalogue = useDeviceCatalogue();
  const held = catalogue && catalogueActivity(catalogue, id);
  return useQuery({
    ...getActivityQueryOptions(id),
    enabled: held === undefined,
    placeholderData: held,
  });
}
