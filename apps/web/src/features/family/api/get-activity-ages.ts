import type { TAgeCoverage } from '@kkb/core/activities/age-coverage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';

/** `GET /activities/ages`: the youngest and oldest ages the family's activities are for. */
export function getActivityAges(signal?: AbortSignal): Promise<TAgeCoverage | null> {
  return apiGet<TAgeCoverage | null>('/api/v1/activities/ages', { signal });
}

export function getActivityAgesQueryOptions() {
  return queryOptions({
    // Under 'activities': a new own activity may widen the ages.
    queryKey: ['activities', 'ages'],
    queryFn: ({ signal }) => getActivityAges(signal),
    ...keptOffline,
  });
}

export function useActivityAges() {
  return useQuery(getActivityAgesQueryOptions());
}
