import { useMutation } from '@tanstack/react-query';
import { apiPost, clearSession } from '../../../lib/api-client';
import { syncQueue } from '../../../lib/sync-queue';

/** `POST /auth/logout`: the refresh cookie tells the server which login to end. */
export function logout(): Promise<void> {
  return apiPost('/api/v1/auth/logout', {}, undefined, { authRetry: false });
}

/**
 * Sends what is still queued from offline (when it can: signing out forgets the queue), ends the
 * login on the server and, whatever the server answers, signs out here.
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        if (navigator.onLine) await syncQueue().catch(() => undefined);
        await logout();
      } finally {
        clearSession('signed-out');
      }
    },
  });
}
