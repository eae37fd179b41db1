/** Free progress fields, one row per family (spec §3 Progress). */
export interface ProgressTable {
  familyId: string;
  /** JSON text: the free fields. */
  data: string;
  updatedAt: string;
}

export interface ProgressTables {
  progress: ProgressTable;
}
