import type { TAccountDelete } from '@kkb/core/account/account';
import { useMutation } from '@tanstack/react-query';
import { apiDelete, clearSession } from '../../../lib/api-client';

/** `DELETE /account {password}` -> 204: the account is gone (the family too when it was the last member). */
export function deleteAccount(body: TAccountDelete): Promise<void> {
  return apiDelete('/api/v1/account', { body });
}

/** Deletes the account on the server, then ends the session here. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (body: TAccountDelete) => {
      await deleteAccount(body);
      clearSession('account-deleted');
    },
  });
}
