import { newChildFields } from '@kkb/core/family/profile';
import { ZChild, ZChildCreate, type TChild, type TChildCreateInput } from '@kkb/core/family/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/offline-actions';
import { randomId } from '../../../lib/random-id';
import { getProfileQueryOptions } from './get-profile';
import { changeCachedChildren } from './profile-cache';

/** `POST /profile/children` -> 201 the new child (at most 12 per family). */
export function addChild(child: TChildCreateInput): Promise<TChild> {
  return apiPost('/api/v1/profile/children', child, ZChild);
}

/**
 * Adds a child; the profile, which lists the children, is fetched again. Offline the child is
 * queued (`addChild`) and listed at once, with the queued action's clientId as its id until the
 * sync gives it the server's (later offline edits of it fold into the queued add). An add whose
 * answer was lost is not queued again: that could add the child twice.
 */
export function useAddChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TChildCreateInput) => {
      const clientId = randomId();
      const sent = await sendOrQueue({ kind: 'addChild', payload: input }, () => addChild(input), {
        clientId,
        replaySafe: false,
      });
      if (!sent.queued) return { child: sent.result, queued: false };
      const now = new Date().toISOString();
      const child: TChild = {
        id: clientId,
        ...newChildFields(ZChildCreate.parse(input)),
        createdAt: now,
        updatedAt: now,
      };
      changeCachedChildren(queryClient, (children) => [...children, child]);
      return { child, queued: true };
    },
    onSuccess: ({ queued }) => {
      if (!queued) return queryClient.invalidateQueries(getProfileQueryOptions());
    },
  });
}
