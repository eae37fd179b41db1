import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { getFamilyQueryOptions } from './get-family';

/** `DELETE /family/invites/{id}` -> 204: the link stops working. */
export function revokeInvite(inviteId: string): Promise<void> {
  return apiDelete(`/api/v1/family/invites/${encodeURIComponent(inviteId)}`);
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSuccess: () => queryClient.invalidateQueries(getFamilyQueryOptions()),
  });
}
