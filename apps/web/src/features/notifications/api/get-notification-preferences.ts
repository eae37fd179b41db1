import type { TNotificationPreferences } from '@kkb/core/notifications/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** `GET /notifications/preferences`: the user's switches, summary time and quiet hours. */
export function getNotificationPreferences(
  signal?: AbortSignal,
): Promise<TNotificationPreferences> {
  return apiGet<TNotificationPreferences>('/api/v1/notifications/preferences', { signal });
}

export function getNotificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: ['notifications', 'preferences'],
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
}

export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}
