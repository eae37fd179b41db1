import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { getAnimationsQueryOptions } from './get-animations';

/** `DELETE /animations/{id}`: the animation and its frames. */
export function deleteAnimation(id: string): Promise<void> {
  return apiDelete(`/api/v1/animations/${encodeURIComponent(id)}`);
}

export function useDeleteAnimation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnimation,
    onSuccess: () => queryClient.invalidateQueries(getAnimationsQueryOptions()),
  });
}
