import {
  ZNotificationDelivery,
  type TActivityReminderBody,
  type TNotificationDelivery,
} from '@kkb/core/notifications/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/**
 * The notifications' lists and badge (a reminder whose time has passed arrives at once). The key
 * is repeated here, not imported: the planner may not import the notifications feature.
 */
const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/** `POST /notifications/activity-reminder`: a reminder at `scheduled_time` (at once if past). */
export function createActivityReminder(
  body: TActivityReminderBody,
): Promise<TNotificationDelivery> {
  return apiPost('/api/v1/notifications/activity-reminder', body, ZNotificationDelivery);
}

export function useCreateActivityReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActivityReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
