/** Tables of the family feature: the profile document and the children. */
export interface ProfilesTable {
  userId: string;
  email: string;
  displayName: string;
  photoUrl: string;
  /** JSON text: `{familyName, location, timezone}` (children live in their own table). */
  familyInfo: string;
  /** JSON text: `{city, state, country, lat, lon}`. */
  location: string;
  /** JSON text: the preferences object with its default filters. */
  preferences: string;
  createdAt: string;
  updatedAt: string;
  lastLogin: string | null;
}

export interface ChildrenTable {
  id: string;
  userId: string;
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
  profiles: ProfilesTable;
  children: ChildrenTable;
}
