import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';

/** `DELETE /activities/{id}`: deletes an own activity and the family's records of it. */
export function deleteActivity(id: string): Promise<void> {
  return apiDelete(`/api/v1/activities/${encodeURIComponent(id)}`);
}

export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivity,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['activities'] }),
        queryClient.invalidateQueries({ queryKey: ['user-activities'] }),
      ]),
  });
}
