import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';

/** `DELETE /user-activities/{activityId}`: forgets the family's record of an activity. */
export function deleteUserActivity(activityId: string): Promise<void> {
  return apiDelete(`/api/v1/user-activities/${encodeURIComponent(activityId)}`);
}

export function useDeleteUserActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserActivity,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['user-activities'] }),
        queryClient.invalidateQueries({ queryKey: ['activities', 'recommendations'] }),
      ]),
  });
}
