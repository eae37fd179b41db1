import type { TUser } from '@kkb/core/auth/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** `GET /auth/me`: the signed-in user. */
export function getMe(signal?: AbortSignal): Promise<TUser> {
  return apiGet<TUser>('/api/v1/auth/me', { signal });
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getMe(signal),
  });
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMeQueryOptions(), enabled });
}
