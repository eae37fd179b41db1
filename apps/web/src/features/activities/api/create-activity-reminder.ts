import type { TActivityReminderBody, TNotificationDelivery } from '@kkb/core/notifications/schema';
import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { useCreateMutation } from '../../../hooks/use-create-mutation';

/**
 * The notifications feature's lists and badge: a reminder due now arrives at once. The key is
 * repeated here, not imported, because activities may not import notifications.
 */
const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/**
 * `POST /notifications/activity-reminder`: a reminder at `scheduled_time` (at once if past), or
 * nothing when the user switched reminders off; the answer says which, and when it arrives.
 */
export function createActivityReminder(
  body: TActivityReminderBody,
): Promise<TNotificationDelivery> {
  return apiPost<TNotificationDelivery>('/api/v1/notifications/activity-reminder', body);
}

export function useCreateActivityReminder() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: createActivityReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
