import type {
  TNotificationPreferences,
  TNotificationPreferencesInput,
} from '@kkb/core/notifications/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { getProfileQueryOptions } from '../../family/api/get-profile';
import { getNotificationPreferencesQueryOptions } from './get-notification-preferences';

/** `PUT /notifications/preferences`: the parts given change, the rest stays. */
export function updateNotificationPreferences(
  input: TNotificationPreferencesInput,
): Promise<TNotificationPreferences> {
  return apiPut<TNotificationPreferences>('/api/v1/notifications/preferences', input);
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(getNotificationPreferencesQueryOptions().queryKey, saved);
      // The master switch, weather alerts and reminders are the profile's switches too.
      return queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey });
    },
  });
}
