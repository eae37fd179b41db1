import type { TBuiltInCatalogue } from '@kkb/core/activities/device-catalogue';
import type { TActivity } from '@kkb/core/activities/schema';
import type { TQueuedSyncAction } from '@kkb/core/sync/schema';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The app's IndexedDB database: what it keeps for offline use. IndexedDB rather than local
 * storage (spec §9 names local storage) because its transactions hold across tabs: two tabs
 * queueing and syncing at once cannot overwrite each other's changes, and it holds the query
 * cache without local storage's few megabytes.
 */
export const OFFLINE_DB_NAME = 'kkb-offline';

/**
 * A queued action, with what the device keeps beside it and never sends: the name of the family
 * it was done in, so that a note can say which family a member was removed from when the server
 * refuses it for that reason.
 */
export interface QueuedAction extends TQueuedSyncAction {
  familyName?: string;
}

/** One queued action; `seq` (given by the store) keeps the queue's order. */
export interface StoredAction extends QueuedAction {
  seq?: number;
}

/**
 * The family's part of the catalogue the device holds (see lib/device-catalogue.ts), and which
 * built-in part goes with it; kept under the key `family`.
 */
export interface StoredFamilyCatalogue {
  /** The signed-in user it was fetched for. */
  userId: string;
  /** The whole catalogue's version (the ETag of `GET /catalogue`). */
  version: string;
  builtInVersion: string;
  ownActivities: TActivity[];
  /** When it was fetched (ms since the epoch). */
  savedAt: number;
}

interface OfflineDbSchema extends DBSchema {
  'offline-queue': { key: number; value: StoredAction; indexes: { clientId: string } };
  'query-cache': { key: string; value: unknown };
  /** `built-in:<version>` keys hold built-in parts, `family` the family's part. */
  catalogue: { key: string; value: TBuiltInCatalogue | StoredFamilyCatalogue };
}

export type OfflineDb = IDBPDatabase<OfflineDbSchema>;

let opening: Promise<OfflineDb> | undefined;

/** The open database (one connection per page). */
export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineDbSchema>(OFFLINE_DB_NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const queue = db.createObjectStore('offline-queue', {
          keyPath: 'seq',
          autoIncrement: true,
        });
        queue.createIndex('clientId', 'clientId', { unique: true });
        db.createObjectStore('query-cache');
      }
      // 2: the catalogue the device holds (issue 30).
      if (oldVersion < 2) db.createObjectStore('catalogue');
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
