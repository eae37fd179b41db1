import type { TAnimationList } from '@kkb/core/animation/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** `GET /animations`: the family's animations, newest change first, each with its thumbnail. */
export function getAnimations(signal?: AbortSignal): Promise<TAnimationList> {
  return apiGet<TAnimationList>('/api/v1/animations', { signal });
}

export function getAnimationsQueryOptions() {
  return queryOptions({
    queryKey: ['animations', 'list'],
    queryFn: ({ signal }) => getAnimations(signal),
  });
}

export function useAnimations() {
  return useQuery(getAnimationsQueryOptions());
}
