import type { TFamilyProfile } from '@kkb/core/family/schema';

/** The wizard's steps, in order: family name, children, location. */
export const SETUP_STEPS = ['Family', 'Children', 'Location'] as const;
export type SetupStepIndex = 0 | 1 | 2;

/**
 * Where the wizard resumes, read from what is saved (so a reload or a later visit continues where
 * the parent left): a profile never saved since registration still needs its family name (the
 * server's default name is not a choice the parent made); then a child; then the city.
 */
export function setupStepOf(
  profile: Pick<TFamilyProfile, 'createdAt' | 'updatedAt' | 'familyInfo' | 'location'>,
): SetupStepIndex {
  const hasChild = profile.familyInfo.children.length > 0;
  const hasCity = profile.location.city.trim() !== '';
  const familyNameSaved = profile.updatedAt !== profile.createdAt || hasChild || hasCity;
  if (!familyNameSaved) return 0;
  if (!hasChild) return 1;
  return 2;
}
