import type { Generated } from 'kysely';

/** A family's record of one activity (spec §3 User activity record); one per family and activity. */
export interface UserActivitiesTable {
  id: string;
  familyId: string;
  /** The member who last changed the record. */
  userId: string;
  activityId: string;
  /** 1 when a favourite. */
  favorite: number;
  /** 1 when done at least once or marked tried. */
  tried: number;
  completedAt: string | null;
  /** The member who logged the latest completion. */
  completedBy: string | null;
  /** JSON text: the ids of the children who played in the latest completion (`[]` by default). */
  completedChildIds: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

export interface UserActivityTables {
  userActivities: UserActivitiesTable;
}
