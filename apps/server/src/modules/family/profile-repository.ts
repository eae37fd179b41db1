import { createDefaultProfileDocument } from '@kkb/core/family/profile';
import type {
  TFamilyInfoFields,
  TFamilyProfile,
  TPreferences,
  TProfileLocation,
} from '@kkb/core/family/schema';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ProfilesTable } from './tables.ts';

/** The profile document without its children (they live in their own table). */
export type StoredProfile = Omit<TFamilyProfile, 'familyInfo'> & { familyInfo: TFamilyInfoFields };

export interface NewProfileUser {
  userId: string;
  email: string;
  /** The name given at registration; 'Family User' when empty. */
  displayName: string;
  photoURL: string | null;
}

/**
 * Creates the family profile with the spec's defaults (called at registration and at a first
 * social sign-in). Does nothing when the user already has one.
 */
export async function createDefaultProfile(
  executor: Executor,
  user: NewProfileUser,
  nowIso: string,
): Promise<void> {
  const document = createDefaultProfileDocument(
    { uid: user.userId, email: user.email, displayName: user.displayName, photoURL: user.photoURL },
    nowIso,
  );
  const { familyName, location, timezone } = document.familyInfo;
  await executor
    .insertInto('profiles')
    .values({
      userId: user.userId,
      email: document.email,
      displayName: document.displayName,
      photoUrl: document.photoURL,
      familyInfo: JSON.stringify({ familyName, location, timezone }),
      location: JSON.stringify(document.location),
      preferences: JSON.stringify(document.preferences),
      createdAt: document.createdAt,
      updatedAt: document.updatedAt,
      lastLogin: document.lastLogin,
    })
    .onConflict((conflict) => conflict.column('userId').doNothing())
    .execute();
}

/** Records a sign-in on the profile (spec §3 lastLogin). */
export async function touchLastLogin(
  executor: Executor,
  userId: string,
  nowIso: string,
): Promise<void> {
  await executor
    .updateTable('profiles')
    .set({ lastLogin: nowIso })
    .where('userId', '=', userId)
    .execute();
}

function toStoredProfile(row: Selectable<ProfilesTable>): StoredProfile {
  return {
    uid: row.userId,
    email: row.email,
    displayName: row.displayName,
    photoURL: row.photoUrl,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastLogin: row.lastLogin,
    familyInfo: JSON.parse(row.familyInfo) as TFamilyInfoFields,
    location: JSON.parse(row.location) as TProfileLocation,
    preferences: JSON.parse(row.preferences) as TPreferences,
  };
}

export async function findProfile(
  executor: Executor,
  userId: string,
): Promise<StoredProfile | undefined> {
  const row = await executor
    .selectFrom('profiles')
    .selectAll()
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row && toStoredProfile(row);
}

/** True when the user has a profile (child routes answer 'User profile not found' otherwise). */
export async function profileExists(executor: Executor, userId: string): Promise<boolean> {
  const row = await executor
    .selectFrom('profiles')
    .select('userId')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes the editable parts of the document; uid, email, createdAt and lastLogin stay. */
export async function saveProfile(executor: Executor, profile: StoredProfile): Promise<void> {
  const { familyName, location, timezone } = profile.familyInfo;
  await executor
    .updateTable('profiles')
    .set({
      displayName: profile.displayName,
      photoUrl: profile.photoURL,
      familyInfo: JSON.stringify({ familyName, location, timezone }),
      location: JSON.stringify(profile.location),
      preferences: JSON.stringify(profile.preferences),
      updatedAt: profile.updatedAt,
    })
    .where('userId', '=', profile.uid)
    .execute();
}
