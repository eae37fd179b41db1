import type { TFamily, TJoinFamilyInput } from '@kkb/core/family/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { clearQueue } from '../../../lib/offline-queue';

/**
 * `POST /family/join {token, discardOwnFamily?}` -> the family joined. Without
 * `discardOwnFamily`, a user whose own family has data is answered 409 and nothing changes.
 */
export function joinFamily(body: TJoinFamilyInput): Promise<TFamily> {
  return apiPost<TFamily>('/api/v1/family/join', body);
}

/**
 * Joins a family. Every cached answer belonged to the family left behind (profile, children,
 * activities, stats...), so all of it is dropped and what is on screen is fetched afresh; so is
 * anything still queued from offline, which was meant for that family.
 */
export function useJoinFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinFamily,
    onSuccess: () => Promise.all([clearQueue(), queryClient.resetQueries()]),
  });
}
