/** A family's own activity: the activity fields except `id` as JSON text. */
export interface CustomActivitiesTable {
  /** 'own-' + random, so own ids never collide with built-in ones. */
  id: string;
  familyId: string;
  data: string;
  createdAt: string;
  updatedAt: string;
}

export interface CustomActivityTables {
  customActivities: CustomActivitiesTable;
}
