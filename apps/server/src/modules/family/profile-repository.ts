import { createDefaultProfileDocument } from '@kkb/core/family/profile';
import type {
  TFamilyInfoFields,
  TFamilyProfile,
  TPreferences,
  TProfileLocation,
} from '@kkb/core/family/schema';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { ProfilesTable } from './tables.ts';

/** The profile document without its children (they live in their own table). */
export type StoredProfile = Omit<TFamilyProfile, 'familyInfo'> & { familyInfo: TFamilyInfoFields };

export interface NewProfileUser {
  familyId: string;
  /** Who creates the family: the document's `uid` and `email`. */
  userId: string;
  email: string;
  /** The name given at registration; 'Family User' when empty. */
  displayName: string;
  photoURL: string | null;
}

/**
 * Creates the family profile with the spec's defaults (with the family itself, see
 * membership-repository.ts). Does nothing when the family already has one.
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
      familyId: user.familyId,
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
    .onConflict((conflict) => conflict.column('familyId').doNothing())
    .execute();
}

/** Records a sign-in of a member on the family's profile (spec §3 lastLogin). */
export async function touchLastLogin(
  executor: Executor,
  userId: string,
  nowIso: string,
): Promise<void> {
  await executor
    .updateTable('profiles')
    .set({ lastLogin: nowIso })
    .where('familyId', '=', (eb) =>
      eb.selectFrom('familyMembers').select('familyId').where('userId', '=', userId),
    )
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

const profileOfFamily = preparedQuery(1, (executor, familyId: string) =>
  executor.selectFrom('profiles').selectAll().where('familyId', '=', familyId),
);

export async function findProfile(
  executor: Executor,
  familyId: string,
): Promise<StoredProfile | undefined> {
  const row = await profileOfFamily.first(executor, familyId);
  return row && toStoredProfile(row);
}

/** True when the user has a profile (child routes answer 'User profile not found' otherwise). */
export async function profileExists(executor: Executor, familyId: string): Promise<boolean> {
  const row = await executor
    .selectFrom('profiles')
    .select('familyId')
    .where('familyId', '=', familyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes the editable parts of the document; uid, email, createdAt and lastLogin stay. */
export async function saveProfile(
  executor: Executor,
  familyId: string,
  profile: StoredProfile,
): Promise<void> {
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
    .where('familyId', '=', familyId)
    .execute();
}
