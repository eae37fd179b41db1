/** Saved plans, one row each, keyed by the family that owns them. */
export interface PlansTable {
  id: string;
  familyId: string;
  title: string;
  /** YYYY-MM-DD, the plan's first day. */
  startDate: string;
  dayCount: number;
  itemCount: number;
  /**
   * JSON text: the plan as saved (children, windows, days with their forecasts and items, who
   * planned it); each item carries its activity as it was, so an own activity deleted since
   * still shows.
   */
  plan: string;
  createdAt: string;
  updatedAt: string;
}

export interface PlanTables {
  plans: PlansTable;
}
