import type {
  TRecommendationEnergy,
  TRecommendationsResponse,
} from '@kkb/core/activities/recommend';
import type { TActivityLocation } from '@kkb/core/activities/schema';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { toQueryString } from './query-string';
import { keptOffline } from '../../../lib/offline-caches';

export interface RecommendationParams {
  timeAvailable: number;
  location: TActivityLocation;
  energyLevel?: TRecommendationEnergy;
  /** One child's id; absent means the whole family (their average age). */
  childId?: string;
}

/** `GET /recommendations`: the top 6 with their reasons, the weather and what they were based on. */
export function getRecommendations(
  params: RecommendationParams,
  signal?: AbortSignal,
): Promise<TRecommendationsResponse> {
  return apiGet<TRecommendationsResponse>(`/api/v1/recommendations${toQueryString(params)}`, {
    signal,
  });
}

export function getRecommendationsQueryOptions(params: RecommendationParams) {
  // Under 'activities': a new own activity or a favourite changes the scores.
  return queryOptions({
    queryKey: ['activities', 'recommendations', params],
    queryFn: ({ signal }) => getRecommendations(params, signal),
    ...keptOffline,
  });
}

export function useRecommendations(params: RecommendationParams | undefined) {
  return useQuery({
    ...getRecommendationsQueryOptions(params ?? { timeAvailable: 0, location: 'both' }),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });
}

export interface SavedRecommendations {
  data: TRecommendationsResponse;
  /** When they were fetched (ms since the epoch). */
  savedAt: number;
}

/**
 * The newest recommendations in the cache, whatever choices they were asked with: offline, when
 * the current choices were never asked on this device, the last ones are better than nothing
 * (and are labelled as such). Undefined when not `wanted` or none are cached.
 */
export function useLastRecommendations(wanted: boolean): SavedRecommendations | undefined {
  const queryClient = useQueryClient();
  if (!wanted) return undefined;
  const { queryKey } = getRecommendationsQueryOptions({ timeAvailable: 0, location: 'both' });
  let newest: SavedRecommendations | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKey.slice(0, 2) })) {
    const { data, dataUpdatedAt } = query.state;
    if (data !== undefined && (newest === undefined || dataUpdatedAt > newest.savedAt)) {
      newest = { data: data as TRecommendationsResponse, savedAt: dataUpdatedAt };
    }
  }
  return newest;
}
