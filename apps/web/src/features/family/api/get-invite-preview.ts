import type { TInvitePreview } from '@kkb/core/family/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * `GET /family/join/{token}`: whom an invitation is from (the family's name, the inviter's first
 * name, the role). No sign-in needed; a used, expired or revoked link answers 404.
 */
export function getInvitePreview(token: string, signal?: AbortSignal): Promise<TInvitePreview> {
  return apiGet<TInvitePreview>(`/api/v1/family/join/${encodeURIComponent(token)}`, { signal });
}

export function getInvitePreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['family', 'invite-preview', token],
    queryFn: ({ signal }) => getInvitePreview(token, signal),
    // A 404 is the answer (the link is spent), not a failure worth trying again.
    retry: false,
  });
}

export function useInvitePreview(token: string) {
  return useQuery(getInvitePreviewQueryOptions(token));
}
