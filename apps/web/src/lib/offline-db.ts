import type { TQueuedSyncAction } from '@kkb/core/sync/schema';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The app's IndexedDB database: what it keeps for offline use. IndexedDB rather than local
 * storage (spec §9 names local storage) because its transactions hold across tabs: two tabs
 * queueing and syncing at once cannot overwrite each other's changes, and it holds the query
 * cache without local storage's few megabytes.
 */
export const OFFLINE_DB_NAME = 'kkb-offline';

/** One queued action; `seq` (given by the store) keeps the queue's order. */
export interface StoredAction extends TQueuedSyncAction {
  seq?: number;
}

interface OfflineDbSchema extends DBSchema {
  'offline-queue': { key: number; value: StoredAction; indexes: { clientId: string } };
  'query-cache': { key: string; value: unknown };
}

export type OfflineDb = IDBPDatabase<OfflineDbSchema>;

let opening: Promise<OfflineDb> | undefined;

/** The open database (one connection per page). */
export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineDbSchema>(OFFLINE_DB_NAME, 1, {
    upgrade(db) {
      const queue = db.createObjectStore('offline-queue', { keyPath: 'seq', autoIncrement: true });
      queue.createIndex('clientId', 'clientId', { unique: true });
      db.createObjectStore('query-cache');
    },
    // A newer version of the app in another tab wants to upgrade: let it, and reopen next time.
    blocking() {
      void opening?.then((db) => db.close());
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}
