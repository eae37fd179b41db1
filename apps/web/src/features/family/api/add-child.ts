import { ZChild, type TChild, type TChildCreateInput } from '@kkb/core/family/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { getProfileQueryOptions } from './get-profile';

/** `POST /profile/children` -> 201 the new child (at most 12 per family). */
export function addChild(child: TChildCreateInput): Promise<TChild> {
  return apiPost('/api/v1/profile/children', child, ZChild);
}

/** Adds a child; the profile, which lists the children, is fetched again. */
export function useAddChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addChild,
    onSuccess: () => queryClient.invalidateQueries(getProfileQueryOptions()),
  });
}
