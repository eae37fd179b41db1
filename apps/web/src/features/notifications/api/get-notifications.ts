import type {
  TNotification,
  TNotificationType,
  TNotificationList,
} from '@kkb/core/notifications/schema';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';

/** Spec §9: notifications come 50 at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

/** Every list of notifications, whatever its filter: what changes to one notification touch. */
export const NOTIFICATION_LISTS_QUERY_KEY = ['notifications', 'list'] as const;

export interface NotificationsPage {
  notifications: TNotification[];
  /** Whether the server had a full page, so that more may follow. */
  more: boolean;
}

/** `GET /notifications?skip&limit&notification_type`: one page, newest first. */
export async function getNotifications(
  { skip, type }: { skip: number; type?: TNotificationType },
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  const query = new URLSearchParams({ skip: String(skip), limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (type !== undefined) query.set('notification_type', type);
  const list = await apiGet<TNotificationList>(`/api/v1/notifications?${query}`, { signal });
  return {
    notifications: list.notifications,
    more: list.notifications.length === NOTIFICATIONS_PAGE_SIZE,
  };
}

export function getNotificationsQueryOptions(type?: TNotificationType) {
  return infiniteQueryOptions({
    queryKey: [...NOTIFICATION_LISTS_QUERY_KEY, type ?? 'all'],
    queryFn: ({ pageParam, signal }) => getNotifications({ skip: pageParam, type }, signal),
    initialPageParam: 0,
    // The next page starts after what the list holds now: a notification deleted here has left
    // the server's list too, so counting the pages' sizes would skip one.
    getNextPageParam: (lastPage, pages) =>
      lastPage.more ? pages.reduce((sum, page) => sum + page.notifications.length, 0) : undefined,
    // Offline, the list as last seen (the user's own, like the whole saved cache).
    ...keptOffline,
  });
}

/** The notifications, newest first, with "load more" (skip/limit 50); `type` filters by kind. */
export function useNotifications(type?: TNotificationType) {
  return useInfiniteQuery(getNotificationsQueryOptions(type));
}

/** Changes every cached list of notifications at once (an optimistic update). */
export function updateNotificationLists(
  queryClient: QueryClient,
  change: (notifications: TNotification[]) => TNotification[],
): void {
  queryClient.setQueriesData<InfiniteData<NotificationsPage, number>>(
    { queryKey: NOTIFICATION_LISTS_QUERY_KEY },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, notifications: change(page.notifications) })),
      },
  );
}

/** A notification as one of the cached lists has it, if any does. */
export function findCachedNotification(
  queryClient: QueryClient,
  id: string,
): TNotification | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<NotificationsPage, number>>({
    queryKey: NOTIFICATION_LISTS_QUERY_KEY,
  })) {
    for (const page of data?.pages ?? []) {
      const found = page.notifications.find((notification) => notification.id === id);
      if (found) return found;
    }
  }
  return undefined;
}
