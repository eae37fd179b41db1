import type { TFamilyRole } from '@kkb/core/family/members';
import { isAllowed, type TFamilyAction } from '@kkb/core/family/permissions';
import { useAuth } from '../../auth/components/use-auth';
import { useFamily } from '../api/get-family';

export interface FamilyPermissions {
  /** The signed-in user's role in their family; undefined until the members have loaded. */
  role: TFamilyRole | undefined;
  /** Whether the user may do `action` (core's rule, as the server enforces it). False until known. */
  can: (action: TFamilyAction) => boolean;
}

/**
 * What the signed-in member may do, so a page shows only the controls they can use. Until the
 * role is known nothing is allowed: a control that appears late is better than one that fails.
 */
export function useFamilyPermissions(): FamilyPermissions {
  const auth = useAuth();
  const family = useFamily({ enabled: auth.status === 'authenticated' });
  const role = family.data?.members.find((member) => member.userId === auth.user?.id)?.role;
  return { role, can: (action) => role !== undefined && isAllowed(role, action) };
}
