import { describe, expect, it } from 'vitest';
import {
  applyChildUpdate,
  createDefaultProfileDocument,
  defaultChildAgeRange,
  isProfileComplete,
  mergeProfile,
  mergeProgress,
  newChildFields,
  type ChildFields,
} from './profile.ts';
import { ZChildCreate, type TChild } from './schema.ts';

const NOW = '2026-01-02T03:04:05.000Z';
const LATER = '2026-02-03T04:05:06.000Z';

const newProfile = () =>
  createDefaultProfileDocument(
    { uid: 'u1', email: 'ann@example.com', displayName: 'Ann', photoURL: null },
    NOW,
  );

const child = (overrides: Partial<TChild> = {}): TChild => ({
  id: 'c1',
  name: 'Mia',
  age: 5,
  interests: [],
  avatar: null,
  ageRange: [5, 7],
  preferences: { indoorOutdoor: 'both', favoriteTypes: [], availableTimeSlots: [] },
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

describe('createDefaultProfileDocument', () => {
  it('§3 family profile: defaults are the spec’s', () => {
    const profile = createDefaultProfileDocument(
      { uid: 'u1', email: 'a@example.com', displayName: '  ', photoURL: null },
      NOW,
    );
    expect(profile.displayName).toBe('Family User');
    expect(profile.photoURL).toBe('/placeholder-avatar.svg');
    expect(profile.familyInfo).toEqual({
      familyName: 'Our Family',
      children: [],
      location: 'San Francisco, CA',
      timezone: 'America/Los_Angeles',
    });
    expect(profile.preferences).toEqual({
      notifications: true,
      weatherAlerts: true,
      activityReminders: true,
      privacy: 'family',
      units: 'metric',
      defaultFilters: { ageRange: [3, 8], timeAvailable: 30, location: 'both' },
    });
    expect(profile.createdAt).toBe(NOW);
    expect(profile.updatedAt).toBe(NOW);
    expect(profile.lastLogin).toBe(NOW);
  });

  it('§3 family profile: the registered name and photo are kept', () => {
    const profile = createDefaultProfileDocument(
      { uid: 'u1', email: 'a@example.com', displayName: 'Ann', photoURL: 'https://x.test/a.png' },
      NOW,
    );
    expect(profile.displayName).toBe('Ann');
    expect(profile.photoURL).toBe('https://x.test/a.png');
  });

  it('§4 registration: a brand-new profile is incomplete (structured city empty, no children)', () => {
    const profile = newProfile();
    expect(profile.location).toEqual({ city: '', state: '', country: '', lat: null, lon: null });
    expect(isProfileComplete(profile)).toBe(false);
  });
});

describe('isProfileComplete', () => {
  it('§4 complete only with a city and at least one child', () => {
    const withCity = mergeProfile(newProfile(), { location: { city: 'Austin' } }, LATER);
    expect(isProfileComplete(withCity)).toBe(false);
    const withChild = { ...withCity, familyInfo: { ...withCity.familyInfo, children: [child()] } };
    expect(isProfileComplete(withChild)).toBe(true);
    const blankCity = { ...withChild, location: { ...withChild.location, city: '   ' } };
    expect(isProfileComplete(blankCity)).toBe(false);
  });
});

describe('mergeProfile', () => {
  it('deep-merges familyInfo and preferences, keeping fields not given', () => {
    const merged = mergeProfile(
      newProfile(),
      {
        familyInfo: { familyName: 'The Smiths' },
        preferences: { weatherAlerts: false, defaultFilters: { timeAvailable: 60 } },
      },
      LATER,
    );
    expect(merged.familyInfo.familyName).toBe('The Smiths');
    expect(merged.familyInfo.timezone).toBe('America/Los_Angeles');
    expect(merged.preferences.weatherAlerts).toBe(false);
    expect(merged.preferences.notifications).toBe(true);
    expect(merged.preferences.defaultFilters).toEqual({
      ageRange: [3, 8],
      timeAvailable: 60,
      location: 'both',
    });
  });

  it('replaces arrays instead of concatenating them', () => {
    const merged = mergeProfile(
      newProfile(),
      { preferences: { defaultFilters: { ageRange: [5, 6] } } },
      LATER,
    );
    expect(merged.preferences.defaultFilters.ageRange).toEqual([5, 6]);
  });

  it('sets updatedAt and keeps createdAt, lastLogin, uid, email and the children', () => {
    const current = newProfile();
    const withChildren = { ...current, familyInfo: { ...current.familyInfo, children: [child()] } };
    const merged = mergeProfile(withChildren, { displayName: 'Bob' }, LATER);
    expect(merged.updatedAt).toBe(LATER);
    expect(merged.createdAt).toBe(NOW);
    expect(merged.lastLogin).toBe(NOW);
    expect(merged.uid).toBe('u1');
    expect(merged.email).toBe('ann@example.com');
    expect(merged.familyInfo.children).toEqual([child()]);
  });

  it('the "City, State" text follows a moved structured location unless given itself', () => {
    const moved = mergeProfile(newProfile(), { location: { city: 'Austin', state: 'TX' } }, LATER);
    expect(moved.familyInfo.location).toBe('Austin, TX');
    const explicit = mergeProfile(
      newProfile(),
      { location: { city: 'Austin', state: 'TX' }, familyInfo: { location: 'ATX' } },
      LATER,
    );
    expect(explicit.familyInfo.location).toBe('ATX');
    const onlyCoordinates = mergeProfile(newProfile(), { location: { lat: 1, lon: 2 } }, LATER);
    expect(onlyCoordinates.familyInfo.location).toBe('San Francisco, CA');
  });
});

describe('children', () => {
  it('§5 the child age range defaults to [age, age+2]', () => {
    expect(defaultChildAgeRange(4)).toEqual([4, 6]);
    expect(newChildFields(ZChildCreate.parse({ name: 'Mia', age: 0 })).ageRange).toEqual([0, 2]);
  });

  it('a new child gets empty interests, no avatar and "both" as indoor/outdoor preference', () => {
    expect(newChildFields(ZChildCreate.parse({ name: ' Mia ', age: 5 }))).toEqual({
      name: 'Mia',
      age: 5,
      interests: [],
      avatar: null,
      ageRange: [5, 7],
      preferences: { indoorOutdoor: 'both', favoriteTypes: [], availableTimeSlots: [] },
    });
  });

  it('an explicit age range on creation is kept', () => {
    const fields = newChildFields(ZChildCreate.parse({ name: 'Mia', age: 5, ageRange: [4, 9] }));
    expect(fields.ageRange).toEqual([4, 9]);
  });

  const fieldsOf = (age: number, ageRange: [number, number]): ChildFields => ({
    name: 'Mia',
    age,
    interests: ['lego'],
    avatar: null,
    ageRange,
    preferences: { indoorOutdoor: 'indoor', favoriteTypes: ['nature'], availableTimeSlots: [] },
  });

  it('§5 a default age range follows a changed age', () => {
    expect(applyChildUpdate(fieldsOf(5, [5, 7]), { age: 6 }).ageRange).toEqual([6, 8]);
  });

  it('an age range the family set themselves stays when the age changes', () => {
    expect(applyChildUpdate(fieldsOf(5, [3, 10]), { age: 6 }).ageRange).toEqual([3, 10]);
  });

  it('an update changes only what it names; preferences merge, arrays are replaced', () => {
    const updated = applyChildUpdate(fieldsOf(5, [5, 7]), {
      interests: ['art'],
      preferences: { availableTimeSlots: ['morning'] },
    });
    expect(updated).toEqual({
      ...fieldsOf(5, [5, 7]),
      interests: ['art'],
      preferences: {
        indoorOutdoor: 'indoor',
        favoriteTypes: ['nature'],
        availableTimeSlots: ['morning'],
      },
    });
  });

  it('an avatar can be cleared with null', () => {
    const withAvatar = { ...fieldsOf(5, [5, 7]), avatar: '/api/v1/files/download/abc' };
    expect(applyChildUpdate(withAvatar, { avatar: null }).avatar).toBeNull();
    expect(applyChildUpdate(withAvatar, {}).avatar).toBe('/api/v1/files/download/abc');
  });
});

describe('mergeProgress', () => {
  it('§3 progress: top-level free fields merge; updatedAt is never a free field', () => {
    expect(
      mergeProgress({ level: 1, badges: ['a'] }, { badges: ['b'], stars: 3, updatedAt: 'x' }),
    ).toEqual({ level: 1, badges: ['b'], stars: 3 });
  });
});
