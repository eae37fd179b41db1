import { useMutation } from '@tanstack/react-query';
import { apiPost, clearSession } from '../../../lib/api-client';
import { clearOfflineApiCaches } from '../../../lib/offline-caches';

/** `POST /auth/logout`: the refresh cookie tells the server which login to end. */
export function logout(): Promise<void> {
  return apiPost('/api/v1/auth/logout', {}, undefined, { authRetry: false });
}

/** Ends the login on the server and, whatever the server answers, signs out here and forgets the cached API answers. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } finally {
        clearSession('signed-out');
        await clearOfflineApiCaches();
      }
    },
  });
}
