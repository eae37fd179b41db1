import {
  ZRecommendationsResponse,
  type TRecommendationEnergy,
  type TRecommendationsResponse,
} from '@kkb/core/activities/recommend';
import type { TActivityLocation } from '@kkb/core/activities/schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { toQueryString } from './get-activities';

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
  return apiGet(`/api/v1/recommendations${toQueryString(params)}`, ZRecommendationsResponse, {
    signal,
  });
}

export function getRecommendationsQueryOptions(params: RecommendationParams) {
  // Under 'activities': a new own activity or a favourite changes the scores.
  return queryOptions({
    queryKey: ['activities', 'recommendations', params],
    queryFn: ({ signal }) => getRecommendations(params, signal),
  });
}

export function useRecommendations(params: RecommendationParams | undefined) {
  return useQuery({
    ...getRecommendationsQueryOptions(params ?? { timeAvailable: 0, location: 'both' }),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });
}
