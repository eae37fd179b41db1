import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { getProfileQueryOptions } from './get-profile';

/** `DELETE /children/{id}` -> 204. */
export function removeChild(childId: string): Promise<void> {
  return apiDelete(`/api/v1/children/${encodeURIComponent(childId)}`);
}

export function useRemoveChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeChild,
    onSuccess: () => queryClient.invalidateQueries(getProfileQueryOptions()),
  });
}
