import type { TFamilyRole } from './members.ts';

/**
 * What a member may do (DESIGN, Families). Every family-owned endpoint names one action and the
 * server checks it in one place.
 */
export const FAMILY_ACTIONS = [
  /** Read anything of the family: profile, children, activities, stats, files, members. */
  'family.read',
  /** Mark an activity favourite or tried, or clear that mark. */
  'user-activities.edit',
  /** Log a completion ("mark as done"). */
  'activities.complete',
  'profile.edit',
  'children.edit',
  /** The family's own activities. */
  'activities.edit',
  'progress.edit',
  'files.edit',
  /**
   * The animation studio's projects. Children make animations with whichever adult is with them,
   * so every role may.
   */
  'animations.edit',
  /**
   * Saved plans (the planner). Planning itself only reads; keeping, changing and deleting the
   * family's plans is for the parents, as for the rest of what the family keeps.
   */
  'plans.edit',
  /** Invitations, role changes, removing other members. */
  'members.manage',
  'family.delete',
] as const;
export type TFamilyAction = (typeof FAMILY_ACTIONS)[number];

const CAREGIVER_ACTIONS: ReadonlySet<TFamilyAction> = new Set([
  'family.read',
  'user-activities.edit',
  'activities.complete',
  'animations.edit',
]);
const OWNER_ONLY_ACTIONS: ReadonlySet<TFamilyAction> = new Set(['members.manage', 'family.delete']);

/** True when a member with `role` may perform `action`. */
export function isAllowed(role: TFamilyRole, action: TFamilyAction): boolean {
  switch (role) {
    case 'owner':
      return true;
    case 'parent':
      return !OWNER_ONLY_ACTIONS.has(action);
    case 'caregiver':
      return CAREGIVER_ACTIONS.has(action);
  }
}

/** What a refusal says (the catalogue's "You don't have permission to {action}"). */
export const ACTION_DESCRIPTIONS: Readonly<Record<TFamilyAction, string>> = {
  'family.read': "see this family's data",
  'user-activities.edit': 'mark activities',
  'activities.complete': 'mark activities as done',
  'profile.edit': "change the family's profile",
  'children.edit': 'change children',
  'activities.edit': "change the family's own activities",
  'progress.edit': 'change progress',
  'files.edit': 'change files',
  'animations.edit': 'change animations',
  'plans.edit': 'change saved plans',
  'members.manage': 'manage family members',
  'family.delete': 'delete the family',
};

/**
 * `DELETE /family/members/{userId}`: anyone may leave (their own id); only who manages members
 * may remove someone else.
 */
export function mayRemoveMember(role: TFamilyRole, isSelf: boolean): boolean {
  return isSelf || isAllowed(role, 'members.manage');
}
