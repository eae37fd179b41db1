import type { TProviders } from '@kkb/core/auth/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** `GET /auth/providers`: which sign-in methods this server has configured. */
export function getProviders(signal?: AbortSignal): Promise<TProviders> {
  return apiGet<TProviders>('/api/v1/auth/providers', { signal, authRetry: false });
}

export function getProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => getProviders(signal),
    // Configuration changes only with a server restart.
    staleTime: 60 * 60 * 1000,
  });
}

export function useProviders() {
  return useQuery(getProvidersQueryOptions());
}
