import type { TActivityInput } from '@kkb/core/activities/activity-input';
import type { TActivity } from '@kkb/core/activities/schema';
import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { useCreateMutation } from '../../../hooks/use-create-mutation';

/** `POST /activities`: adds one of the family's own activities. */
export function createActivity(input: TActivityInput): Promise<TActivity> {
  return apiPost<TActivity>('/api/v1/activities', input);
}

export function useCreateActivity() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: createActivity,
    // Lists, recommendations and the own list all include the new activity.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['activities'] }),
  });
}
