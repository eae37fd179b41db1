import type { THealth } from '@kkb/core/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** `GET /health`: server status, database kind and version. */
export function getHealth(signal?: AbortSignal): Promise<THealth> {
  return apiGet<THealth>('/api/v1/health', { signal, authRetry: false });
}

export function getHealthQueryOptions() {
  return queryOptions({
    queryKey: ['system', 'health'],
    queryFn: ({ signal }) => getHealth(signal),
  });
}

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
