import type { TActivityList } from '@kkb/core/activities/query';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { toQueryString } from './query-string';
import { isOfflineWithoutData, keptOffline } from '../../../lib/offline-caches';

/** The filters and window of `GET /activities`, as query-string values (empty ones are left out). */
export interface ActivityListParams {
  skip?: number;
  limit?: number;
  category?: string;
  difficulty?: string;
  location?: string;
  ageMin?: number;
  ageMax?: number;
  weather?: string;
  energyLevel?: string;
  search?: string;
  season?: string;
  noMaterials?: boolean;
}

/** `GET /activities`: built-in and own activities, filtered (spec §5) and paged. */
export function getActivities(
  params: ActivityListParams,
  signal?: AbortSignal,
): Promise<TActivityList> {
  return apiGet<TActivityList>(`/api/v1/activities${toQueryString(params)}`, { signal });
}

export function getActivitiesQueryOptions(params: ActivityListParams) {
  return queryOptions({
    queryKey: ['activities', 'list', params],
    queryFn: ({ signal }) => getActivities(params, signal),
    ...keptOffline,
  });
}

/**
 * One page of activities (nothing is asked while `params` is undefined); the previous page stays
 * on screen while the next one loads.
 */
export function useActivities(params: ActivityListParams | undefined) {
  return useQuery({
    ...getActivitiesQueryOptions(params ?? {}),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * The first `pageCount` pages of `pageSize` activities as one list, for a "Load more" list: each
 * page is its own query, so loading one more keeps the ones already shown. `data` is there once
 * the first page is; `loadingMore` while a later one loads; `waitingOffline` while nothing is
 * shown and the first page waits for the connection.
 */
export function useActivityPages(
  params: ActivityListParams | undefined,
  pageCount: number,
  pageSize: number,
) {
  return useQueries({
    queries: Array.from({ length: params === undefined ? 0 : pageCount }, (_, index) =>
      getActivitiesQueryOptions({ ...params, skip: index * pageSize, limit: pageSize }),
    ),
    combine: (results) => {
      const loaded = results.filter((result) => result.data !== undefined);
      const last = loaded.at(-1)?.data;
      return {
        data:
          last === undefined
            ? undefined
            : {
                activities: loaded.flatMap((result) => result.data?.activities ?? []),
                total: last.total,
              },
        isError: results.some((result) => result.isError),
        // A page paused offline is not loading: the button stays usable for when it is back.
        loadingMore:
          results.some((result) => result.isPending && result.fetchStatus === 'fetching') &&
          loaded.length > 0,
        waitingOffline: loaded.length === 0 && results.some(isOfflineWithoutData),
        refetch: () => Promise.all(results.map((result) => result.refetch())),
      };
    },
  });
}
