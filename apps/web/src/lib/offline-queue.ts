import { offlineDb, type QueuedAction } from './offline-db';

/**
 * The offline action queue (spec §3 "Pending offline action", §4 Connectivity; DESIGN, Sync):
 * what a member does while the server cannot be reached waits here, oldest first, in the shape
 * `POST /api/v1/sync` takes (`{clientId, kind, payload, queuedAt}`), until the sync sends it. It
 * lives in IndexedDB, so it survives a closed tab and a restarted browser. Features queue through
 * lib/offline-actions; this module is what the app shell needs (the count, clearing).
 */

/** The user whose actions the queue holds: someone else signing in on this device starts afresh. */
const QUEUE_OWNER_KEY = 'kkb:offline-queue-owner';
/** Tells the other tabs of this app that the queue changed. */
const CHANGE_CHANNEL = 'kkb:offline-queue';

type QueueListener = () => void;
const listeners = new Set<QueueListener>();
let pendingCount = 0;
let channel: BroadcastChannel | undefined;

async function refreshCount(): Promise<void> {
  const db = await offlineDb();
  const count = await db.count('offline-queue');
  if (count === pendingCount) return;
  pendingCount = count;
  for (const listener of listeners) listener();
}

/** After a change made in this tab: count again here, and tell the other tabs to. */
export async function queueChanged(): Promise<void> {
  await refreshCount();
  channel?.postMessage('changed');
}

/** How many actions wait (as last counted; `subscribe` keeps it current). */
export function getPendingCount(): number {
  return pendingCount;
}

/**
 * Calls `listener` whenever the number of queued actions changes, in this tab or another one.
 * Returns the unsubscribe function.
 */
export function subscribe(listener: QueueListener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(CHANGE_CHANNEL);
      channel.onmessage = () => void refreshCount();
    }
    void refreshCount();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      channel?.close();
      channel = undefined;
    }
  };
}

/** The queued actions, oldest first. */
export async function readQueue(): Promise<QueuedAction[]> {
  const db = await offlineDb();
  const stored = await db.getAll('offline-queue');
  return stored.map(({ seq: _seq, ...action }) => action);
}

/** Removes processed actions (by clientId); ones already gone are skipped. */
export async function removeActions(clientIds: readonly string[]): Promise<void> {
  if (clientIds.length === 0) return;
  const db = await offlineDb();
  const tx = db.transaction('offline-queue', 'readwrite');
  const byClientId = tx.store.index('clientId');
  for (const clientId of clientIds) {
    const key = await byClientId.getKey(clientId);
    if (key !== undefined) await tx.store.delete(key);
  }
  await tx.done;
  await queueChanged();
}

/** Empties the queue: sign-out, or a change of family (the actions were meant for another one). */
export async function clearQueue(): Promise<void> {
  localStorage.removeItem(QUEUE_OWNER_KEY);
  const db = await offlineDb();
  await db.clear('offline-queue');
  await queueChanged();
}

/**
 * Makes the queue `userId`'s: what another user left queued on this device (their session ended
 * without a sign-out) is dropped, never sent as this user's.
 */
export async function claimQueue(userId: string): Promise<void> {
  const owner = localStorage.getItem(QUEUE_OWNER_KEY);
  if (owner !== null && owner !== userId) await clearQueue();
  localStorage.setItem(QUEUE_OWNER_KEY, userId);
}
