import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { findCachedNotification } from './get-notifications';
import { changeOptimistically, NOTIFICATION_MUTATION_KEY, refetchAfterChange } from './optimistic';

/** `DELETE /notifications/{id}`. */
export function deleteNotification(id: string): Promise<void> {
  return apiDelete(`/api/v1/notifications/${encodeURIComponent(id)}`);
}

/** Deletes one notification; it leaves the list (and the badge, when unread) at once. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: NOTIFICATION_MUTATION_KEY,
    mutationFn: deleteNotification,
    onMutate: (id) => {
      const wasUnread = findCachedNotification(queryClient, id)?.read === false;
      return changeOptimistically(queryClient, {
        lists: (list) => list.filter((n) => n.id !== id),
        unread: wasUnread ? (count) => count - 1 : undefined,
      });
    },
    onError: (_error, _id, undo) => undo?.(),
    onSettled: () => refetchAfterChange(queryClient),
  });
}
