import { describe, expect, it } from 'vitest';
import { completeProfile, incompleteProfile } from '../../../test/auth-fixtures';
import { setupStepOf } from './setup-step';

describe('setupStepOf (where the wizard resumes)', () => {
  it('a profile never saved since registration starts at the family name', () => {
    expect(setupStepOf(incompleteProfile())).toBe(0);
  });

  it('a saved family name without a child resumes at the children', () => {
    const profile = { ...incompleteProfile(), updatedAt: '2026-01-05T10:05:00.000Z' };
    expect(setupStepOf(profile)).toBe(1);
  });

  it('a child without a city resumes at the location', () => {
    const complete = completeProfile();
    const profile = { ...complete, location: { ...complete.location, city: ' ' } };
    expect(setupStepOf(profile)).toBe(2);
  });

  it('a city saved before any child still asks for a child first', () => {
    const profile = incompleteProfile();
    const withCity = { ...profile, location: { ...profile.location, city: 'Haifa' } };
    expect(setupStepOf(withCity)).toBe(1);
  });
});
