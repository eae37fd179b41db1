import { createDefaultFamilyProfile, displayNameOf } from '@kkb/core/family/profile';
import type {
  TFamilyInfoFields,
  TFamilyProfileFields,
  TPreferences,
  TProfileLocation,
  TProfileMemberFields,
} from '@kkb/core/family/schema';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { ProfilesTable } from './tables.ts';

/** The family's profile without its children (they live in their own table). */
export type StoredProfile = Omit<TFamilyProfileFields, 'familyInfo'> & {
  familyInfo: TFamilyInfoFields;
};

export interface NewProfile {
  familyId: string;
  /** The family photo it starts with (a social sign-in's picture); the placeholder when null. */
  photoURL: string | null;
}

/**
 * Creates the family profile with the spec's defaults (with the family itself, see
 * membership-repository.ts). Does nothing when the family already has one.
 */
export async function createDefaultProfile(
  executor: Executor,
  profile: NewProfile,
  nowIso: string,
): Promise<void> {
  const document = createDefaultFamilyProfile(profile.photoURL, nowIso);
  const { familyName, location, timezone } = document.familyInfo;
  await executor
    .insertInto('profiles')
    .values({
      familyId: profile.familyId,
      photoUrl: document.photoURL,
      familyInfo: JSON.stringify({ familyName, location, timezone }),
      location: JSON.stringify(document.location),
      preferences: JSON.stringify(document.preferences),
      createdAt: document.createdAt,
      updatedAt: document.updatedAt,
    })
    .onConflict((conflict) => conflict.column('familyId').doNothing())
    .execute();
}

function toStoredProfile(row: Selectable<ProfilesTable>): StoredProfile {
  return {
    photoURL: row.photoUrl,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
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

/** Writes the editable parts of the family's profile; createdAt stays. */
export async function saveProfile(
  executor: Executor,
  familyId: string,
  profile: StoredProfile,
): Promise<void> {
  const { familyName, location, timezone } = profile.familyInfo;
  await executor
    .updateTable('profiles')
    .set({
      photoUrl: profile.photoURL,
      familyInfo: JSON.stringify({ familyName, location, timezone }),
      location: JSON.stringify(profile.location),
      preferences: JSON.stringify(profile.preferences),
      updatedAt: profile.updatedAt,
    })
    .where('familyId', '=', familyId)
    .execute();
}

/** What the profile says of the member reading it: their own account's id, e-mail, name, sign-in. */
export async function findMemberFields(
  executor: Executor,
  userId: string,
): Promise<TProfileMemberFields | undefined> {
  const row = await executor
    .selectFrom('users')
    .select(['id', 'email', 'name', 'lastLoginAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      uid: row.id,
      email: row.email,
      displayName: displayNameOf(row.name),
      lastLogin: row.lastLoginAt,
    }
  );
}

/** Renames a member's own account (the name the app greets them by and the family sees). */
export async function saveMemberName(
  executor: Executor,
  userId: string,
  name: string,
  nowIso: string,
): Promise<void> {
  await executor
    .updateTable('users')
    .set({ name, updatedAt: nowIso })
    .where('id', '=', userId)
    .execute();
}
