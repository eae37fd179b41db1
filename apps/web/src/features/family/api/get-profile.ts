import type { TFamilyProfile } from '@kkb/core/family/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';

/** `GET /profile`: the family profile, or null when the family has none (404, spec §4). */
export async function getProfile(signal?: AbortSignal): Promise<TFamilyProfile | null> {
  try {
    return await apiGet<TFamilyProfile>('/api/v1/profile', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function getProfileQueryOptions() {
  return queryOptions({
    queryKey: ['family', 'profile'],
    queryFn: ({ signal }) => getProfile(signal),
    ...keptOffline,
  });
}

export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getProfileQueryOptions(), enabled });
}
