import type { TPushSubscriptionList } from '@kkb/core/push/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** `GET /push/subscriptions`: the signed-in user's devices with push, most recently renewed first. */
export function getPushSubscriptions(signal?: AbortSignal): Promise<TPushSubscriptionList> {
  return apiGet<TPushSubscriptionList>('/api/v1/push/subscriptions', { signal });
}

export function getPushSubscriptionsQueryOptions() {
  return queryOptions({
    queryKey: ['push', 'subscriptions'],
    queryFn: ({ signal }) => getPushSubscriptions(signal),
  });
}

export function usePushSubscriptions() {
  return useQuery(getPushSubscriptionsQueryOptions());
}
