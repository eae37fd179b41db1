import type { TActivityInput } from '@kkb/core/activities/activity-input';
import type { TActivity } from '@kkb/core/activities/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';

/** `PUT /activities/{id}`: replaces one of the family's own activities. */
export function updateActivity(id: string, input: TActivityInput): Promise<TActivity> {
  return apiPut<TActivity>(`/api/v1/activities/${encodeURIComponent(id)}`, input);
}

export function useUpdateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TActivityInput }) => updateActivity(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['activities'] }),
  });
}
