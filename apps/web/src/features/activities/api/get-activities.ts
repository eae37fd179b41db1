import { listActivityPage } from '@kkb/core/activities/filter';
import { ZActivityQuery, type TActivityList } from '@kkb/core/activities/query';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '../../../lib/api-client';
import { catalogueActivities } from '../../../lib/device-catalogue';
import { useDeviceCatalogue } from './held-catalogue';
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
  /** Issue 35's practical filters: prep at most, mess at most, one skill, one setting. */
  maxPrepMinutes?: number;
  mess?: string;
  skill?: string;
  setting?: string;
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
 * `GET /activities` answered on the device, from the catalogue it holds, with core's filters and
 * search (those the server applies); `limit` overrides the page's. Undefined when the device holds
 * no catalogue, or the params are not a query the server would take (it then says why).
 */
function useActivitiesOnDevice(
  params: ActivityListParams | undefined,
  limit?: number,
): TActivityList | undefined {
  const catalogue = useDeviceCatalogue();
  // The params' values, not their object, say when to filter again.
  const key = params === undefined ? undefined : JSON.stringify(params);
  return useMemo(() => {
    if (catalogue === undefined || key === undefined) return undefined;
    const query = ZActivityQuery.safeParse(JSON.parse(key));
    if (!query.success) return undefined;
    return listActivityPage(
      catalogueActivities(catalogue),
      limit === undefined ? query.data : { ...query.data, limit },
    );
  }, [catalogue, key, limit]);
}

/**
 * One page of activities (nothing is asked while `params` is undefined): filtered on the device
 * when it holds the catalogue, at once and offline too; else asked of the server, the previous
 * page staying on screen while the next one loads.
 */
export function useActivities(params: ActivityListParams | undefined) {
  const onDevice = useActivitiesOnDevice(params);
  return useQuery({
    ...getActivitiesQueryOptions(params ?? {}),
    enabled: params !== undefined && onDevice === undefined,
    placeholderData: onDevice ?? keepPreviousData,
  });
}

/**
 * The first `pageCount` pages of `pageSize` activities as one list, for a "Load more" list: from
 * the device's catalogue when it holds one; else each page is its own query, so loading one more
 * keeps the ones already shown. `data` is there once the first page is; `loadingMore` while a
 * later one loads; `waitingOffline` while nothing is shown and the first page waits for the
 * connection.
 */
export function useActivityPages(
  params: ActivityListParams | undefined,
  pageCount: number,
  pageSize: number,
) {
  // On the device the pages are one list, filtered at once.
  const onDevice = useActivitiesOnDevice(
    params === undefined ? undefined : { ...params, skip: 0 },
    pageCount * pageSize,
  );
  const fromServer = useQueries({
    queries: Array.from({ length: params === undefined || onDevice ? 0 : pageCount }, (_, index) =>
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
        /** The pages shown, for how old they are offline ("as of"). */
        pages: loaded,
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
  if (onDevice === undefined) return fromServer;
  return {
    ...fromServer,
    data: onDevice,
    isError: false,
    loadingMore: false,
    waitingOffline: false,
  };
}
