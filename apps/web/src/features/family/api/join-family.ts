import type { TFamily, TJoinFamilyInput } from '@kkb/core/family/members';
import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { clearDeviceDrafts } from '../../../lib/device-drafts';
import { clearQueue } from '../../../lib/offline-queue';
import { useCreateMutation } from '../../../hooks/use-create-mutation';

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
 * anything still queued from offline, which was meant for that family, and its unsaved drafts.
 * `onJoined` runs before that refetch: the page that joined leaves first, or it would see its own
 * link answer "spent" and the joined family's children as its own, and say so.
 */
export function useJoinFamily({ onJoined }: { onJoined: () => void }) {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: joinFamily,
    onSuccess: () => {
      clearDeviceDrafts();
      onJoined();
      return Promise.all([clearQueue(), queryClient.resetQueries()]);
    },
  });
}
