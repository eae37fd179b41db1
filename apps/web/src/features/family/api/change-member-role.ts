import type { TFamily, TFamilyRole } from '@kkb/core/family/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client';
import { getFamilyQueryOptions } from './get-family';

export interface RoleChange {
  userId: string;
  role: TFamilyRole;
}

/**
 * `PATCH /family/members/{userId} {role}` -> the family. Making someone `owner` hands ownership
 * over: the owner who did it becomes a parent.
 */
export function changeMemberRole({ userId, role }: RoleChange): Promise<TFamily> {
  return apiPatch<TFamily>(`/api/v1/family/members/${encodeURIComponent(userId)}`, { role });
}

/** Changes a role; the members list becomes the server's answer at once. */
export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSuccess: (family) => queryClient.setQueryData(getFamilyQueryOptions().queryKey, family),
  });
}
