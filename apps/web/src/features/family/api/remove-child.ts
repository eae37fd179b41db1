import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/offline-actions';
import { getProfileQueryOptions } from './get-profile';
import { changeCachedChildren } from './profile-cache';

/** `DELETE /children/{id}` -> 204. */
export function removeChild(childId: string): Promise<void> {
  return apiDelete(`/api/v1/children/${encodeURIComponent(childId)}`);
}

/** Removes a child; offline it is queued (`removeChild`) and gone from the list at once. */
export function useRemoveChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (childId: string) => {
      const sent = await sendOrQueue({ kind: 'removeChild', payload: { childId } }, () =>
        removeChild(childId),
      );
      if (sent.queued) {
        changeCachedChildren(queryClient, (children) => children.filter((c) => c.id !== childId));
      }
      return sent.queued;
    },
    onSuccess: (queued) => {
      if (!queued) return queryClient.invalidateQueries(getProfileQueryOptions());
    },
  });
}
