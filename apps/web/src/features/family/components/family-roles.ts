import type { TFamilyRole } from '@kkb/core/family/members';

export const ROLE_LABELS: Readonly<Record<TFamilyRole, string>> = {
  owner: 'Owner',
  parent: 'Parent',
  caregiver: 'Caregiver',
};

/** What each role may do, as DESIGN's Families section grants it, in a parent's words. */
export const ROLE_DESCRIPTIONS: Readonly<Record<TFamilyRole, string>> = {
  owner: 'Can change everything, and invites and manages the members',
  parent: 'Can change everything except who is in the family',
  caregiver: 'Sees everything; can favourite, mark as tried and mark as done',
};
