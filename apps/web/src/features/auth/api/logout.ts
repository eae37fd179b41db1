import { useMutation } from '@tanstack/react-query';
import { apiPost, clearSession } from '../../../lib/api-client';
import { browserOffline } from '../../../lib/connectivity';
import { disablePushOnDemand } from '../../../lib/push-on-demand';
import { syncQueue } from '../../../lib/sync-queue';

/** `POST /auth/logout`: the refresh cookie tells the server which login to end. */
export function logout(): Promise<void> {
  return apiPost('/api/v1/auth/logout', {}, { authRetry: false });
}

/**
 * Sends what is still queued from offline (when it can: signing out forgets the queue and the
 * kept answers), ends the login on the server and, whatever the server answers, signs out here.
 * This device's push subscription goes first, while the session can remove it: the next parent
 * on this phone must not get this family's notifications.
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      await disablePushOnDemand();
      try {
        if (!browserOffline()) await syncQueue().catch(() => undefined);
        await logout();
      } finally {
        clearSession('signed-out');
      }
    },
  });
}
