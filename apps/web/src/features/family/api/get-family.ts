import type { TFamily } from '@kkb/core/family/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';

/** `GET /family`: the members (in the order they joined) and the pending invitations. */
export function getFamily(signal?: AbortSignal): Promise<TFamily> {
  return apiGet<TFamily>('/api/v1/family', { signal });
}

export function getFamilyQueryOptions() {
  return queryOptions({
    queryKey: ['family', 'members'],
    queryFn: ({ signal }) => getFamily(signal),
    ...keptOffline,
  });
}

export function useFamily({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getFamilyQueryOptions(), enabled });
}
