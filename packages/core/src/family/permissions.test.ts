import { describe, expect, it } from 'vitest';
import { FAMILY_ACTIONS, isAllowed, mayRemoveMember, type TFamilyAction } from './permissions.ts';

const allowedFor = (role: 'owner' | 'parent' | 'caregiver'): TFamilyAction[] =>
  FAMILY_ACTIONS.filter((action) => isAllowed(role, action));

describe('family roles (DESIGN, Families)', () => {
  it('the owner may do everything, members included', () => {
    expect(allowedFor('owner')).toEqual([...FAMILY_ACTIONS]);
  });

  it('a parent may do everything but manage members and delete the family', () => {
    expect(FAMILY_ACTIONS.filter((action) => !isAllowed('parent', action))).toEqual([
      'members.manage',
      'family.delete',
    ]);
  });

  it('a caregiver reads everything, marks favourites, tried and done, makes animations, and edits nothing else', () => {
    expect(allowedFor('caregiver')).toEqual([
      'family.read',
      'user-activities.edit',
      'activities.complete',
      'animations.edit',
    ]);
  });

  it('every role may make animations: children play in the studio with whichever adult is with them', () => {
    for (const role of ['owner', 'parent', 'caregiver'] as const) {
      expect(isAllowed(role, 'animations.edit')).toBe(true);
    }
  });

  it('saved plans are changed by owners and parents; a caregiver plans and reads them only', () => {
    expect(isAllowed('owner', 'plans.edit')).toBe(true);
    expect(isAllowed('parent', 'plans.edit')).toBe(true);
    expect(isAllowed('caregiver', 'plans.edit')).toBe(false);
    expect(isAllowed('caregiver', 'family.read')).toBe(true);
  });

  it('anyone may leave; only the owner removes someone else', () => {
    for (const role of ['owner', 'parent', 'caregiver'] as const) {
      expect(mayRemoveMember(role, true)).toBe(true);
    }
    expect(mayRemoveMember('owner', false)).toBe(true);
    expect(mayRemoveMember('parent', false)).toBe(false);
    expect(mayRemoveMember('caregiver', false)).toBe(false);
  });
});
