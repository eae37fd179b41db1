import { applyChildUpdate, newChildFields } from '@kkb/core/family/profile';
import type { TChildCreate, TChildUpdate } from '@kkb/core/family/schema';
import {
  parseSyncAction,
  type SYNC_PAYLOADS,
  type TQueuedSyncAction,
  type TSyncAction,
  type TSyncActionKind,
} from '@kkb/core/sync/schema';
import type { z } from 'zod';
import { isServerUnreachable } from './api-client';
import { offlineDb, type StoredAction } from './offline-db';
import { randomId } from './random-id';

/**
 * The offline action queue (spec §3 "Pending offline action", §4 Connectivity; DESIGN, Sync):
 * what a member does while the server cannot be reached waits here, oldest first, in the shape
 * `POST /api/v1/sync` takes (`{clientId, kind, payload, queuedAt}`), until the sync sends it. It
 * lives in IndexedDB, so it survives a closed tab and a restarted browser.
 */

/** An action as a feature hands it over: a known kind with its payload (the online route's body). */
export type SyncActionInput = {
  [K in TSyncActionKind]: { kind: K; payload: z.input<(typeof SYNC_PAYLOADS)[K]> };
}[TSyncActionKind];

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
async function changed(): Promise<void> {
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

function valid(queued: TQueuedSyncAction): TSyncAction {
  const parsed = parseSyncAction(queued);
  // The screens validate what they queue with the same schemas: this is a bug, not bad input.
  if (!parsed.success) throw new Error(`Cannot queue ${queued.kind}: ${parsed.detail}`);
  return parsed.action;
}

/** A child added offline, with a later offline edit of it: one add with the edited fields. */
function foldChildUpdate(created: TChildCreate, changes: TChildUpdate): TChildCreate {
  return applyChildUpdate(newChildFields(created), changes);
}

/**
 * Queues an action. A child added offline has no server id until it syncs; the app uses its
 * add's clientId as its id meanwhile, so a later edit of it is folded into the queued add, and
 * removing it drops the add (nothing about it reaches the server).
 */
export async function enqueueAction(
  input: SyncActionInput,
  { clientId = randomId(), now = new Date() }: { clientId?: string; now?: Date } = {},
): Promise<void> {
  const action = valid({ ...input, clientId, queuedAt: now.toISOString() });
  const db = await offlineDb();
  const tx = db.transaction('offline-queue', 'readwrite');
  const childId =
    action.kind === 'updateChild' || action.kind === 'removeChild'
      ? action.payload.childId
      : undefined;
  const added = childId === undefined ? undefined : await tx.store.index('clientId').get(childId);
  const add = added === undefined ? undefined : valid(added);
  if (add?.kind === 'addChild' && action.kind === 'updateChild') {
    const payload = foldChildUpdate(add.payload, action.payload.changes);
    await tx.store.put({ ...valid({ ...add, payload }), seq: added?.seq } satisfies StoredAction);
  } else if (add?.kind === 'addChild' && action.kind === 'removeChild') {
    await tx.store.delete(added?.seq as number);
  } else {
    await tx.store.add(action);
  }
  await tx.done;
  await changed();
}

/** The queued actions, oldest first. */
export async function readQueue(): Promise<TQueuedSyncAction[]> {
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
  await changed();
}

/** Empties the queue: sign-out, or a change of family (the actions were meant for another one). */
export async function clearQueue(): Promise<void> {
  localStorage.removeItem(QUEUE_OWNER_KEY);
  const db = await offlineDb();
  await db.clear('offline-queue');
  await changed();
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

/** What a queueable action came to: the endpoint's answer, or a place in the queue. */
export type Sent<T> = { queued: false; result: T } | { queued: true };

/**
 * Online with nothing queued, an action goes to its own endpoint (`send`). Offline, or behind
 * actions still queued (they must reach the server first, in order), it is queued. A call that
 * got no answer is queued too when sending it twice changes nothing (`replaySafe`): the server
 * may have applied it before the connection dropped.
 */
export async function sendOrQueue<T>(
  action: SyncActionInput,
  send: () => Promise<T>,
  { clientId, replaySafe = true }: { clientId?: string; replaySafe?: boolean } = {},
): Promise<Sent<T>> {
  const db = await offlineDb();
  if (navigator.onLine && (await db.count('offline-queue')) === 0) {
    try {
      return { queued: false, result: await send() };
    } catch (error) {
      if (!replaySafe || !isServerUnreachable(error)) throw error;
    }
  }
  await enqueueAction(action, { clientId });
  return { queued: true };
}
