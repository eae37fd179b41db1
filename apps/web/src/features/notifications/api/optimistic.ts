import type { TNotification } from '@kkb/core/notifications/schema';
import type { QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_LISTS_QUERY_KEY, updateNotificationLists } from './get-notifications';
import { getUnreadCountQueryOptions, updateUnreadCount } from './get-unread-count';

/** Every change to notifications carries this key, so only the last to settle refetches. */
export const NOTIFICATION_MUTATION_KEY = ['notifications'] as const;

/**
 * Shows a change at once in the lists and the badge, before the server confirms it. Returns how
 * to undo it: spec §7 swallows failed notification actions, so a failure only puts things back.
 */
export async function changeOptimistically(
  queryClient: QueryClient,
  change: {
    lists?: (notifications: TNotification[]) => TNotification[];
    unread?: (count: number) => number;
  },
): Promise<() => void> {
  const keys = [NOTIFICATION_LISTS_QUERY_KEY, getUnreadCountQueryOptions().queryKey];
  // A refetch already under way would land on top of the change with the old state.
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  const saved = keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
  if (change.lists) updateNotificationLists(queryClient, change.lists);
  if (change.unread) updateUnreadCount(queryClient, change.unread);
  return () => {
    for (const [queryKey, data] of saved) queryClient.setQueryData(queryKey, data);
  };
}

/** After a change settles, successful or not, the server's lists and count replace the guesses. */
export async function refetchAfterChange(queryClient: QueryClient): Promise<void> {
  // While other changes are still on their way, a refetch would show them undone for a moment.
  if (queryClient.isMutating({ mutationKey: NOTIFICATION_MUTATION_KEY }) > 1) return;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: NOTIFICATION_LISTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: getUnreadCountQueryOptions().queryKey }),
  ]);
}

/** The notification as read, now. */
export function asRead(notification: TNotification, now: string): TNotification {
  return notification.read
    ? notification
    : { ...notification, read: true, read_at: now, readAt: now };
}
