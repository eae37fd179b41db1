import { newChildFields } from '@kkb/core/family/profile';
import {
  ZChildCreate,
  type TAddChildBody,
  type TChild,
  type TChildCreateInput,
} from '@kkb/core/family/schema';
import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/offline-actions';
import { randomId } from '../../../lib/random-id';
import { getProfileQueryOptions } from './get-profile';
import { changeCachedChildren } from './profile-cache';
import { useCreateMutation } from '../../../hooks/use-create-mutation';

/**
 * `POST /profile/children` -> 201 the new child (at most 12 per family). The clientId is the one
 * the add would be queued under: the server records it, so it adds the child once either way.
 */
export function addChild(body: TAddChildBody): Promise<TChild> {
  return apiPost<TChild>('/api/v1/profile/children', body);
}

/**
 * Adds a child; the profile, which lists the children, is fetched again. Offline, or when the call
 * gets no answer, the child is queued (`addChild`) under the clientId the call carried and listed
 * at once with it as its id until the sync gives it the server's (later offline edits of it fold
 * into the queued add). An add that did arrive is then answered `duplicate`, not added twice. A
 * refusal (the family has 12 children) shows its error.
 */
export function useAddChild() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: async (input: TChildCreateInput) => {
      const clientId = randomId();
      const sent = await sendOrQueue(
        { kind: 'addChild', payload: input },
        () => addChild({ ...input, clientId }),
        { clientId },
      );
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
