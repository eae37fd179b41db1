import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { findCachedNotification } from './get-notifications';
import {
  asRead,
  changeOptimistically,
  NOTIFICATION_MUTATION_KEY,
  refetchAfterChange,
} from './optimistic';

/** `POST /notifications/{id}/read`. */
export function markNotificationRead(id: string): Promise<void> {
  return apiPost(`/api/v1/notifications/${encodeURIComponent(id)}/read`, undefined);
}

/** Marks one notification read; the list and the badge show it at once. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: NOTIFICATION_MUTATION_KEY,
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      const wasUnread = findCachedNotification(queryClient, id)?.read === false;
      const now = new Date().toISOString();
      return changeOptimistically(queryClient, {
        lists: (list) => list.map((n) => (n.id === id ? asRead(n, now) : n)),
        unread: wasUnread ? (count) => count - 1 : undefined,
      });
    },
    onError: (_error, _id, undo) => undo?.(),
    onSettled: () => refetchAfterChange(queryClient),
  });
}
