import {
  DEFAULT_CHILD_PREFERENCES,
  DEFAULT_DISPLAY_NAME,
  DEFAULT_FAMILY_LOCATION,
  DEFAULT_FAMILY_NAME,
  DEFAULT_PHOTO_URL,
  DEFAULT_TIMEZONE,
} from './defaults.ts';
import type {
  TAgeRange,
  TChildCreate,
  TChildPreferences,
  TChildUpdate,
  TFamilyProfile,
  TFamilyProfileFields,
  TPreferences,
  TProfileUpdate,
  TProgressFields,
} from './schema.ts';
import { DEFAULT_UNITS } from './units.ts';

/** Spec §3 and §9: the preferences a new family starts with. */
export function defaultPreferences(): TPreferences {
  return {
    notifications: true,
    weatherAlerts: true,
    activityReminders: true,
    privacy: 'family',
    // Metric until the family says where they live (see units.ts; the setup wizard sets them).
    units: DEFAULT_UNITS,
    defaultFilters: { ageRange: [3, 8], timeAvailable: 30, location: 'both' },
  };
}

export interface NewProfileOwner {
  uid: string;
  email: string;
  displayName: string | null | undefined;
  photoURL: string | null | undefined;
}

/**
 * The profile document created at registration (spec §3 defaults).
 *
 * Decision: the spec's default 'San Francisco, CA' stays as `familyInfo.location`, but the
 * structured `location` starts empty (city '', lat/lon null). Completeness reads `location.city`,
 * so a new family is incomplete and the setup wizard asks where they live instead of silently
 * suggesting for San Francisco.
 */
export function createDefaultProfileDocument(
  owner: NewProfileOwner,
  nowIso: string,
): TFamilyProfile {
  return {
    uid: owner.uid,
    email: owner.email,
    displayName: displayNameOf(owner.displayName),
    lastLogin: nowIso,
    ...createDefaultFamilyProfile(owner.photoURL, nowIso),
  };
}

/** How the app names a person: their name, or 'Family User' (spec §3) when they gave none. */
export function displayNameOf(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : DEFAULT_DISPLAY_NAME;
}

/** The family's part of a new profile document (see `createDefaultProfileDocument`). */
export function createDefaultFamilyProfile(
  photoURL: string | null | undefined,
  nowIso: string,
): TFamilyProfileFields {
  return {
    photoURL: photoURL ?? DEFAULT_PHOTO_URL,
    createdAt: nowIso,
    updatedAt: nowIso,
    familyInfo: {
      familyName: DEFAULT_FAMILY_NAME,
      children: [],
      location: DEFAULT_FAMILY_LOCATION,
      timezone: DEFAULT_TIMEZONE,
    },
    location: { city: '', state: '', country: '', lat: null, lon: null },
    preferences: defaultPreferences(),
  };
}

/** 'City, State' from the structured location, as the spec's family profile shows it. */
export function formatFamilyLocation(city: string, state: string): string {
  return [city.trim(), state.trim()].filter((part) => part !== '').join(', ');
}

/**
 * `PUT /profile`: a deep merge of `familyInfo`, `location` and `preferences` (and
 * `preferences.defaultFilters`); arrays are replaced, never concatenated. `updatedAt` becomes
 * `nowIso`; `createdAt`, `uid`, `email`, `lastLogin` and the children are kept. When the update
 * moves the structured location (city or state) without giving `familyInfo.location`, the
 * 'City, State' text follows it so the two never disagree.
 */
export function mergeProfile(
  current: TFamilyProfile,
  update: TProfileUpdate,
  nowIso: string,
): TFamilyProfile {
  const location = { ...current.location, ...update.location };
  const locationMoved = update.location?.city !== undefined || update.location?.state !== undefined;
  const followedLocation =
    locationMoved && update.familyInfo?.location === undefined && location.city !== ''
      ? { location: formatFamilyLocation(location.city, location.state) }
      : {};
  return {
    ...current,
    ...(update.displayName !== undefined && { displayName: update.displayName }),
    ...(update.photoURL !== undefined && { photoURL: update.photoURL }),
    updatedAt: nowIso,
    familyInfo: {
      ...current.familyInfo,
      ...followedLocation,
      ...update.familyInfo,
      children: current.familyInfo.children,
    },
    location,
    preferences: {
      ...current.preferences,
      ...update.preferences,
      defaultFilters: {
        ...current.preferences.defaultFilters,
        ...update.preferences?.defaultFilters,
      },
    },
  };
}

/** Spec §5: a child's age range defaults to [age, age+2]. */
export function defaultChildAgeRange(age: number): TAgeRange {
  return [age, age + 2];
}

/**
 * Spec §4: a profile is complete only with a city and at least one child. The city is the
 * structured `location.city` (see `createDefaultProfileDocument` for why it starts empty).
 */
export function isProfileComplete(profile: {
  location: { city: string };
  familyInfo: { children: readonly unknown[] };
}): boolean {
  return profile.location.city.trim() !== '' && profile.familyInfo.children.length >= 1;
}

/** The stored fields of a child, without id and times. */
export interface ChildFields {
  name: string;
  age: number;
  interests: string[];
  avatar: string | null;
  ageRange: TAgeRange;
  preferences: TChildPreferences;
}

/** A new child from a validated create body: ageRange defaults to [age, age+2] (spec §5). */
export function newChildFields(input: TChildCreate): ChildFields {
  return {
    name: input.name,
    age: input.age,
    interests: input.interests,
    avatar: input.avatar,
    ageRange: input.ageRange ?? defaultChildAgeRange(input.age),
    preferences: { ...DEFAULT_CHILD_PREFERENCES, ...input.preferences },
  };
}

/**
 * A child after a partial update. Decision: when the age changes and no ageRange is given, a range
 * still equal to the default of the old age follows the new age ([age, age+2]); a range the family
 * set themselves stays as it is. Preferences merge field by field; arrays are replaced.
 */
export function applyChildUpdate(current: ChildFields, update: TChildUpdate): ChildFields {
  const age = update.age ?? current.age;
  const [defaultMin, defaultMax] = defaultChildAgeRange(current.age);
  const rangeWasDefault = current.ageRange[0] === defaultMin && current.ageRange[1] === defaultMax;
  const ageRange =
    update.ageRange ?? (rangeWasDefault ? defaultChildAgeRange(age) : current.ageRange);
  return {
    name: update.name ?? current.name,
    age,
    interests: update.interests ?? current.interests,
    avatar: update.avatar === undefined ? current.avatar : update.avatar,
    ageRange,
    preferences: { ...current.preferences, ...update.preferences },
  };
}

/** `PUT /progress`: top-level free fields replace their earlier values; others are kept. */
export function mergeProgress(current: TProgressFields, update: TProgressFields): TProgressFields {
  const merged: TProgressFields = { ...current, ...update };
  // `updatedAt` is the server's, never a free field.
  delete merged.updatedAt;
  return merged;
}
