import type { TAccountUpdate } from '@kkb/core/account/account';
import type { TUser } from '@kkb/core/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch, updateSessionUser } from '../../../lib/api-client';
import { getFamilyQueryOptions } from './get-family';
import { getProfileQueryOptions } from './get-profile';

/** `PATCH /account {name}` -> the user: one's own name, which any member may change. */
export function updateAccount(body: TAccountUpdate): Promise<TUser> {
  return apiPatch<TUser>('/api/v1/account', body);
}

/**
 * Renames the signed-in member: the session (the account menu) takes the answer at once; the
 * profile (which greets them by it) and the members list are fetched again.
 */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: async (user) => {
      updateSessionUser(user);
      await Promise.all([
        queryClient.invalidateQueries(getProfileQueryOptions()),
        queryClient.invalidateQueries(getFamilyQueryOptions()),
      ]);
    },
  });
}
