/** Durable work to do at a time (see migration 0011). Times are ISO 8601 UTC text. */
export interface JobsTable {
  id: string;
  kind: string;
  /** Unique when set: the same work is never scheduled twice. */
  key: string | null;
  /** JSON text, the handler's input. */
  payload: string;
  runAt: string;
  attempts: number;
  /** The claim of the runner working on it, and until when the claim holds. */
  lockedBy: string | null;
  lockedUntil: string | null;
  doneAt: string | null;
  lastError: string | null;
  createdAt: string;
}

export interface JobTables {
  jobs: JobsTable;
}
