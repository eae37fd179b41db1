import { useMutation } from '@tanstack/react-query';
import { apiPost, clearSession } from '../../../lib/api-client';
import { disablePushOnDemand } from '../../../lib/push-on-demand';

/** `POST /auth/logout-all` -> 204: every refresh token of the parent is revoked. */
export function signOutEverywhere(): Promise<void> {
  return apiPost('/api/v1/auth/logout-all', {});
}

/**
 * Ends every sign-in on the server, then this one here (the access token too). This device's push
 * subscription goes first, while the session can still remove it.
 */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: async () => {
      await disablePushOnDemand();
      await signOutEverywhere();
      clearSession('signed-out');
    },
  });
}
