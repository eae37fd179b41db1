import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import {
  asRead,
  changeOptimistically,
  NOTIFICATION_MUTATION_KEY,
  refetchAfterChange,
} from './optimistic';

/** `POST /notifications/mark-all-read`. */
export function markAllNotificationsRead(): Promise<void> {
  return apiPost('/api/v1/notifications/mark-all-read', undefined);
}

/** Marks every notification read; the badge goes at once. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: NOTIFICATION_MUTATION_KEY,
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      const now = new Date().toISOString();
      return changeOptimistically(queryClient, {
        lists: (list) => list.map((n) => asRead(n, now)),
        unread: () => 0,
      });
    },
    onError: (_error, _variables, undo) => undo?.(),
    onSettled: () => refetchAfterChange(queryClient),
  });
}
