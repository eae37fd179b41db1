import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { clearDeviceDrafts } from '../../../lib/device-drafts';
import { clearQueue } from '../../../lib/offline-queue';
import { getFamilyQueryOptions } from './get-family';

/**
 * The achievements feature's stats, which count play per member. The key is repeated here, not
 * imported, because family may not import achievements; keep it in step with its api/.
 */
const STATS_QUERY_KEY = ['achievements', 'stats'] as const;

export interface MemberRemoval {
  userId: string;
  /** True when the signed-in user leaves (their own id). */
  self: boolean;
}

/**
 * `DELETE /family/members/{userId}` -> 204. The owner removes someone; anyone leaves with their
 * own id. Whoever goes gets a new empty family of their own.
 */
export function removeMember({ userId }: MemberRemoval): Promise<void> {
  return apiDelete(`/api/v1/family/members/${encodeURIComponent(userId)}`);
}

/**
 * Removes a member or leaves. Leaving swaps every family record the app has cached for those of
 * a new, empty family, so all of it is dropped, with what is still queued from offline for the
 * family left and its unsaved drafts; removing someone changes the members and the per-member stats.
 */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: async (_answer, { self }) => {
      if (self) {
        clearDeviceDrafts();
        await Promise.all([clearQueue(), queryClient.resetQueries()]);
        return;
      }
      await Promise.all([
        queryClient.invalidateQueries(getFamilyQueryOptions()),
        queryClient.invalidateQueries({ queryKey: STATS_QUERY_KEY }),
      ]);
    },
  });
}
