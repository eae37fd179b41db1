import { ZChild, type TChild, type TChildUpdate } from '@kkb/core/family/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client';
import { getProfileQueryOptions } from './get-profile';

export interface ChildChange {
  childId: string;
  update: TChildUpdate;
}

/** `PATCH /children/{id}`: changes only the fields given. By id, so a reordered list is harmless. */
export function updateChild({ childId, update }: ChildChange): Promise<TChild> {
  return apiPatch(`/api/v1/children/${encodeURIComponent(childId)}`, update, ZChild);
}

export function useUpdateChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChild,
    onSuccess: () => queryClient.invalidateQueries(getProfileQueryOptions()),
  });
}
