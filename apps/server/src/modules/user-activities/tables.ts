/** A family's record of one activity (spec §3 User activity record); one per user and activity. */
export interface UserActivitiesTable {
  id: string;
  userId: string;
  activityId: string;
  /** 'favorite' | 'tried' */
  status: string;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface UserActivityTables {
  userActivities: UserActivitiesTable;
}
