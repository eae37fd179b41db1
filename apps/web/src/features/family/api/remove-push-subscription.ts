import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { forgetPushOnThisDevice, thisDevicePushSubscriptionId } from '../../../lib/push';
import { getPushSubscriptionsQueryOptions } from './get-push-subscriptions';

/** `DELETE /push/subscriptions/{id}` -> 204; another user's, or one already gone, is 404. */
export function removePushSubscription(id: string): Promise<void> {
  return apiDelete(`/api/v1/push/subscriptions/${encodeURIComponent(id)}`);
}

/**
 * Removes one of the user's devices from push. When it is this device, the browser's
 * subscription goes too, so its switch turns off and nothing is left to renew.
 */
export function useRemovePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await removePushSubscription(id);
      if (id === thisDevicePushSubscriptionId()) await forgetPushOnThisDevice();
    },
    onSettled: () => queryClient.invalidateQueries(getPushSubscriptionsQueryOptions()),
  });
}
