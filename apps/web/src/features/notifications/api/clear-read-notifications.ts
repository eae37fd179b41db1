import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { changeOptimistically, NOTIFICATION_MUTATION_KEY, refetchAfterChange } from './optimistic';

/** `DELETE /notifications?read_only=true`: deletes the read ones, keeps the unread. */
export function clearReadNotifications(): Promise<void> {
  return apiDelete('/api/v1/notifications?read_only=true');
}

export function useClearReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: NOTIFICATION_MUTATION_KEY,
    mutationFn: clearReadNotifications,
    onMutate: () =>
      changeOptimistically(queryClient, { lists: (list) => list.filter((n) => !n.read) }),
    onError: (_error, _variables, undo) => undo?.(),
    onSettled: () => refetchAfterChange(queryClient),
  });
}
