import type { TUnreadCount } from '@kkb/core/notifications/schema';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';

/** `GET /notifications/unread-count`: how many of the user's notifications are unread. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const { count } = await apiGet<TUnreadCount>('/api/v1/notifications/unread-count', { signal });
  return count;
}

export function getUnreadCountQueryOptions() {
  return queryOptions({
    queryKey: ['notifications', 'unread-count'],
    queryFn: ({ signal }) => getUnreadCount(signal),
    ...keptOffline,
  });
}

/** The top bar's badge. A failure (offline, say) leaves the last count, or none: no error shows. */
export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getUnreadCountQueryOptions(), enabled });
}

/** Changes the cached count (an optimistic update); nothing when it is not loaded. */
export function updateUnreadCount(queryClient: QueryClient, change: (count: number) => number) {
  queryClient.setQueryData(getUnreadCountQueryOptions().queryKey, (count) =>
    count === undefined ? undefined : Math.max(0, change(count)),
  );
}
