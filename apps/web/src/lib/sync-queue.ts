import { isRetryableStatus } from '@kkb/core/errors/retry';
import { MAX_SYNC_ACTIONS } from '@kkb/core/sync/limits';
import type { TQueuedSyncAction, TSyncResponse, TSyncResult } from '@kkb/core/sync/schema';
import { ApiError, apiPost, describeError, isServerUnreachable } from './api-client';
import type { QueuedAction } from './offline-db';
import { readQueue, removeActions } from './offline-queue';

/**
 * Sends the offline queue to `POST /api/v1/sync` (spec §4 Connectivity; DESIGN, Sync): oldest
 * first, at most 100 actions a request, each with the clientId it was queued with, so the server
 * applies each once however often it is sent. Applied and duplicate actions leave the queue; a
 * rejected one leaves it too, with a note for the parent; when the server cannot be reached the
 * queue stays as it is and the same actions go again later. When: lib/offline-sync.
 */

/** The Web Lock held while a tab sends the queue: only one tab at a time does. */
export const SYNC_LOCK_NAME = 'kkb:offline-sync';

export interface RejectedAction {
  action: QueuedAction;
  detail: string;
}

export interface SyncReport {
  /** Actions the server applied now (not the duplicates). */
  applied: number;
  /**
   * Actions the server had applied before (their online call's answer was lost, another tab):
   * what the app showed of them meanwhile (a child listed under its add's clientId) is replaced
   * by the server's answers too.
   */
  duplicates: number;
  rejected: RejectedAction[];
  /** False when the server could not be reached: what is left waits for the next try. */
  complete: boolean;
}

/** A whole request worth sending again: the server or the way to it failed (core's statuses). */
function isTransient(error: unknown): boolean {
  return (
    isServerUnreachable(error) || (error instanceof ApiError && isRetryableStatus(error.status))
  );
}

let tabChain: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` holding the sync lock. Browsers without Web Locks (older Safari) only keep the
 * tab's own syncs apart; the server's clientIds still make a second tab's copy harmless.
 */
function withSyncLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator.locks?.request === 'function') {
    // Typed as a promise of the callback's promise; the lock's promise is the callback's.
    return navigator.locks.request(SYNC_LOCK_NAME, work).then((result) => result);
  }
  const run = tabChain.then(work, work);
  tabChain = run.catch(() => undefined);
  return run;
}

/**
 * One request: the batch's results, or every action rejected when the server refuses the request
 * as a whole (it would every time: not sent forever). Throws when it may work later: the server
 * unreachable or failing, or the session not renewed (401).
 */
async function sendBatch(batch: QueuedAction[]): Promise<TSyncResult[]> {
  // What the device keeps beside an action stays on the device.
  const actions = batch.map(({ familyName: _familyName, ...action }): TQueuedSyncAction => action);
  try {
    const { results } = await apiPost<TSyncResponse>('/api/v1/sync', { actions });
    return results;
  } catch (error) {
    if (!(error instanceof ApiError) || isTransient(error) || error.status === 401) throw error;
    const detail = describeError(error);
    return batch.map(({ clientId }) => ({ clientId, status: 'rejected', detail }));
  }
}

/**
 * Sends everything queued, batch by batch, holding the sync lock: a second tab waits, then finds
 * the queue empty. Read inside the lock, so two tabs never send the same actions at once.
 */
export function syncQueue(): Promise<SyncReport> {
  return withSyncLock(async () => {
    const report: SyncReport = { applied: 0, duplicates: 0, rejected: [], complete: true };
    for (;;) {
      const batch = (await readQueue()).slice(0, MAX_SYNC_ACTIONS);
      if (batch.length === 0) return report;
      let results: TSyncResult[];
      try {
        results = await sendBatch(batch);
      } catch {
        // Kept as it is: the same actions (same clientIds) go again with the next sync.
        return { ...report, complete: false };
      }
      const byClientId = new Map(results.map((result) => [result.clientId, result]));
      const done: string[] = [];
      for (const action of batch) {
        const result = byClientId.get(action.clientId);
        if (result === undefined) continue;
        done.push(action.clientId);
        if (result.status === 'applied') report.applied += 1;
        if (result.status === 'duplicate') report.duplicates += 1;
        if (result.status === 'rejected') {
          report.rejected.push({ action, detail: result.detail ?? 'Refused by the server' });
        }
      }
      await removeActions(done);
      // An answer without some of the actions: they wait for the next sync rather than loop.
      if (done.length < batch.length) return { ...report, complete: false };
    }
  });
}
