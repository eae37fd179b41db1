/** One completed activity; `response` is the answer given, replayed for a repeated clientId. */
export interface ActivityLogTable {
  id: string;
  familyId: string;
  /** The member who did it. */
  completedBy: string;
  activityId: string;
  clientId: string | null;
  minutes: number;
  completedAt: string;
  /** YYYY-MM-DD of completedAt in the family's timezone at the time. */
  localDay: string;
  category: string;
  location: string;
  /** The weather condition when it was done, when known. */
  weather: string | null;
  createdAt: string;
  /** JSON of the completion's API answer. */
  response: string;
}

/** A child who played in a completion: one row per completion and child. */
export interface ActivityLogChildrenTable {
  activityLogId: string;
  familyId: string;
  childId: string;
}

export interface AchievementsTable {
  familyId: string;
  achievementId: string;
  unlockedAt: string;
}

/** The family's progress (stats and achievement counters) as JSON; one row per family. */
export interface StatsTable {
  familyId: string;
  state: string;
  updatedAt: string;
}

export interface AchievementTables {
  activityLog: ActivityLogTable;
  activityLogChildren: ActivityLogChildrenTable;
  achievements: AchievementsTable;
  stats: StatsTable;
}
