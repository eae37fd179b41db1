import type { TInviteCreate, TInviteCreated } from '@kkb/core/family/members';
import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { getFamilyQueryOptions } from './get-family';
import { useCreateMutation } from '../../../hooks/use-create-mutation';

/**
 * `POST /family/invites {role, email?}` -> the invitation with its one-time link (7 days); the
 * server mails the link when an address is given. The token is shown this once only.
 */
export function createInvite(body: TInviteCreate): Promise<TInviteCreated> {
  return apiPost<TInviteCreated>('/api/v1/family/invites', body);
}

/** Creates an invitation; the family's pending invitations are fetched again. */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: createInvite,
    onSuccess: () => queryClient.invalidateQueries(getFamilyQueryOptions()),
  });
}
