import type { Generated } from 'kysely';

/** Tables of the family feature: the profile document and the children. */
/** One family (DESIGN, Families); its id keys every record the family owns. */
export interface FamiliesTable {
  id: string;
  createdAt: string;
  /**
   * Moves on every write of the family, on PostgreSQL only (see plugins/data-versions.ts): cached
   * answers derived from the family's data are kept under it.
   */
  dataVersion: Generated<number>;
}

/** Each user belongs to exactly one family. */
export interface FamilyMembersTable {
  userId: string;
  familyId: string;
  /** 'owner' | 'parent' | 'caregiver' */
  role: string;
  joinedAt: string;
}

/** A one-time invitation link; the token itself is never stored, only its SHA-256. */
export interface FamilyInvitesTable {
  id: string;
  familyId: string;
  tokenHash: string;
  /** 'parent' | 'caregiver' */
  role: string;
  email: string | null;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  usedBy: string | null;
}

/**
 * The family's part of the profile document. Its member fields (uid, e-mail, name, last sign-in)
 * are each reader's own, from `users` (migration 0018).
 */
export interface ProfilesTable {
  familyId: string;
  photoUrl: string;
  /** JSON text: `{familyName, location, timezone}` (children live in their own table). */
  familyInfo: string;
  /** JSON text: `{city, state, country, lat, lon}`. */
  location: string;
  /** JSON text: the preferences object with its default filters. */
  preferences: string;
  createdAt: string;
  updatedAt: string;
}

export interface ChildrenTable {
  id: string;
  familyId: string;
  /** Creation order within the family; index routes count by it. */
  position: number;
  name: string;
  age: number;
  /** JSON text: string[]. */
  interests: string;
  avatar: string | null;
  ageRangeMin: number;
  ageRangeMax: number;
  /** JSON text: `{indoorOutdoor, favoriteTypes, availableTimeSlots}`. */
  preferences: string;
  createdAt: string;
  updatedAt: string;
}

export interface FamilyTables {
  families: FamiliesTable;
  familyMembers: FamilyMembersTable;
  familyInvites: FamilyInvitesTable;
  profiles: ProfilesTable;
  children: ChildrenTable;
}
