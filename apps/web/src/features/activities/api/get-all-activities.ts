import { MAX_PAGE_LIMIT } from '@kkb/core/activities/query';
import type { TActivity } from '@kkb/core/activities/schema';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { catalogueActivities } from '../../../lib/device-catalogue';
import { useHeldCatalogueState } from './held-catalogue';
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

/** What My Activities reads of the list: the answer, how old it is, and how to ask again. */
export type AllActivities = Pick<
  UseQueryResult<readonly TActivity[]>,
  'data' | 'dataUpdatedAt' | 'fetchStatus' | 'isError' | 'refetch'
>;

/**
 * Every activity: the catalogue the device holds (issue 30), offline too and as old as its last
 * confirmation; asked of the server only on a device that holds none.
 */
export function useAllActivities(): AllActivities {
  const held = useHeldCatalogueState();
  const server = useQuery({ ...getAllActivitiesQueryOptions(), enabled: held === undefined });
  if (held === undefined) return server;
  return {
    data: catalogueActivities(held.catalogue),
    dataUpdatedAt: held.confirmedAt,
    fetchStatus: 'idle',
    isError: false,
    refetch: server.refetch,
  };
}
