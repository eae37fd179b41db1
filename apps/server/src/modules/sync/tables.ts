/** One queued action a family's app synced; its (familyId, clientId) key makes it apply once. */
export interface SyncActionsTable {
  familyId: string;
  clientId: string;
  kind: string;
  /** 'applied' | 'rejected' */
  status: string;
  /** Why it was rejected. */
  detail: string | null;
  /** When it was applied or rejected. */
  appliedAt: string;
}

export interface SyncTables {
  syncActions: SyncActionsTable;
}
