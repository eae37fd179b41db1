import { applyChildUpdate } from '@kkb/core/family/profile';
import type { TChild, TChildUpdate } from '@kkb/core/family/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/offline-actions';
import { getProfileQueryOptions } from './get-profile';
import { cachedProfile, changeCachedChildren } from './profile-cache';

export interface ChildChange {
  childId: string;
  update: TChildUpdate;
}

/** `PATCH /children/{id}`: changes only the fields given. By id, so a reordered list is harmless. */
export function updateChild({ childId, update }: ChildChange): Promise<TChild> {
  return apiPatch<TChild>(`/api/v1/children/${encodeURIComponent(childId)}`, update);
}

/**
 * Changes a child. Offline it is queued (`updateChild`) and the cached child changed as the
 * server will change it (core's `applyChildUpdate`).
 */
export function useUpdateChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: ChildChange) => {
      const sent = await sendOrQueue(
        { kind: 'updateChild', payload: { childId: change.childId, changes: change.update } },
        () => updateChild(change),
      );
      if (!sent.queued) return { child: sent.result, queued: false };
      const current = cachedProfile(queryClient).familyInfo.children.find(
        (child) => child.id === change.childId,
      );
      if (current === undefined) throw new Error('Child not found');
      const child: TChild = {
        ...current,
        ...applyChildUpdate(current, change.update),
        updatedAt: new Date().toISOString(),
      };
      changeCachedChildren(queryClient, (children) =>
        children.map((c) => (c.id === child.id ? child : c)),
      );
      return { child, queued: true };
    },
    onSuccess: ({ queued }) => {
      if (!queued) return queryClient.invalidateQueries(getProfileQueryOptions());
    },
  });
}
