import { useMutation } from '@tanstack/react-query';
import { apiPost, clearSession } from '../../../lib/api-client';
import { clearOfflineApiCaches } from '../../../lib/offline-caches';
import { disablePushOnDemand } from '../../../lib/push-on-demand';

/** `POST /auth/logout`: the refresh cookie tells the server which login to end. */
export function logout(): Promise<void> {
  return apiPost('/api/v1/auth/logout', {}, undefined, { authRetry: false });
}

/**
 * Ends the login on the server and, whatever the server answers, signs out here and forgets the
 * cached API answers. This device's push subscription goes first, while the session can remove it:
 * the next parent on this phone must not get this family's notifications.
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      await disablePushOnDemand();
      try {
        await logout();
      } finally {
        clearSession('signed-out');
        await clearOfflineApiCaches();
      }
    },
  });
}
