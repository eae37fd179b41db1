import {
  MAX_SYNC_ACTIONS,
  ZSyncResponse,
  type TQueuedSyncAction,
  type TSyncResult,
} from '@kkb/core/sync/schema';
import { onlineManager } from '@tanstack/react-query';
import { ApiError, apiPost, describeError, isServerUnreachable } from './api-client';
import { SERVER_REACHABILITY_EVENT } from './connectivity';
import { getPendingCount, readQueue, removeActions, subscribe } from './offline-queue';

/**
 * Sends the offline queue to `POST /api/v1/sync` (spec §4 Connectivity, §9; DESIGN, Sync): oldest
 * first, at most 100 actions a request, each with the clientId it was queued with, so the server
 * applies each once however often it is sent. Applied and duplicate actions leave the queue; a
 * rejected one leaves it too, with a note for the parent; when the server cannot be reached the
 * queue stays as it is and the same actions go again later.
 */

/** Spec §9: the sync starts 1 s after the connection returns. */
export const SYNC_DELAY_MS = 1000;
/** After a failed sync, the next try waits this long, doubling up to a minute. */
const FIRST_RETRY_MS = 5000;
const MAX_RETRY_MS = 60_000;
/** The Web Lock held while a tab sends the queue: only one tab at a time does. */
export const SYNC_LOCK_NAME = 'kkb:offline-sync';

export interface RejectedAction {
  action: TQueuedSyncAction;
  detail: string;
}

export interface SyncReport {
  /** Actions the server applied now (not the duplicates). */
  applied: number;
  rejected: RejectedAction[];
  /** False when the server could not be reached: what is left waits for the next try. */
  complete: boolean;
}

/** Statuses of a whole request worth sending again: the server or the way to it failed. */
function isTransient(error: unknown): boolean {
  return (
    isServerUnreachable(error) ||
    (error instanceof ApiError &&
      (error.status >= 500 || error.status === 408 || error.status === 429))
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
async function sendBatch(batch: TQueuedSyncAction[]): Promise<TSyncResult[]> {
  try {
    const { results } = await apiPost('/api/v1/sync', { actions: batch }, ZSyncResponse);
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
    const report: SyncReport = { applied: 0, rejected: [], complete: true };
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

export interface SyncState {
  /** A sync is sending the queue now (the back-online banner says so). */
  syncing: boolean;
}

export interface OfflineSyncHandlers {
  /**
   * After each sync that changed something (applied or rejected actions: the cached answers are
   * out of date), or that followed our server answering again while the browser stayed online
   * (queries know nothing of that outage, unlike the browser going offline and back).
   */
  onReport: (report: SyncReport, serverCameBack: boolean) => void;
}

/**
 * When to sync, for the signed-in user: 1 s after the connection returns (the browser's, or our
 * server answering again), as soon as an action is queued while online, on start, and again
 * after a failure, waiting longer each time. One scheduler per page; `start` on sign-in.
 */
function createSyncScheduler() {
  let handlers: OfflineSyncHandlers | null = null;
  let state: SyncState = { syncing: false };
  const stateListeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dueAt = Infinity;
  let running = false;
  let runAgain = false;
  let serverCameBack = false;
  let retryDelay = FIRST_RETRY_MS;
  let lastCount = getPendingCount();
  let serverReachable = true;
  let waiters: (() => void)[] = [];

  const setSyncing = (syncing: boolean) => {
    if (state.syncing === syncing) return;
    state = { syncing };
    for (const listener of stateListeners) listener();
  };

  const releaseWaiters = () => {
    const released = waiters;
    waiters = [];
    for (const resolve of released) resolve();
  };

  const schedule = (delayMs: number) => {
    if (handlers === null) return;
    const at = Date.now() + delayMs;
    if (at >= dueAt) return;
    clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(() => void run(), delayMs);
  };

  const run = async (): Promise<void> => {
    clearTimeout(timer);
    dueAt = Infinity;
    if (running) {
      runAgain = true;
      return;
    }
    const current = handlers;
    if (current === null || !navigator.onLine) {
      releaseWaiters();
      return;
    }
    running = true;
    const cameBack = serverCameBack;
    serverCameBack = false;
    const releasing = waiters;
    waiters = [];
    setSyncing(getPendingCount() > 0);
    let report: SyncReport;
    try {
      report = await syncQueue();
    } catch {
      report = { applied: 0, rejected: [], complete: false };
    }
    running = false;
    setSyncing(false);
    for (const resolve of releasing) resolve();
    if (handlers !== current) return;
    if (report.applied > 0 || report.rejected.length > 0 || cameBack) {
      current.onReport(report, cameBack);
    }
    if (!report.complete) {
      schedule(retryDelay);
      retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
    } else {
      retryDelay = FIRST_RETRY_MS;
    }
    if (runAgain) {
      runAgain = false;
      schedule(0);
    }
  };

  const onReconnect = () => {
    retryDelay = FIRST_RETRY_MS;
    schedule(SYNC_DELAY_MS);
  };
  const onBrowserOnline = () => {
    // What failed while the browser was offline says nothing about our server.
    serverReachable = true;
    onReconnect();
  };
  const onReachability = (event: Event) => {
    const reachable = (event as CustomEvent<boolean>).detail;
    if (reachable && !serverReachable) {
      serverCameBack = true;
      onReconnect();
    }
    serverReachable = reachable;
  };
  const onQueueChange = () => {
    const count = getPendingCount();
    // Something was queued while online (behind actions that wait, or after a lost answer).
    if (count > lastCount && navigator.onLine) schedule(0);
    lastCount = count;
  };

  return {
    getSnapshot: () => state,
    subscribe(listener: () => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    /** Starts syncing for the signed-in user; returns `stop` (sign-out). */
    start(next: OfflineSyncHandlers): () => void {
      handlers = next;
      window.addEventListener('online', onBrowserOnline);
      window.addEventListener(SERVER_REACHABILITY_EVENT, onReachability);
      const unsubscribe = subscribe(onQueueChange);
      schedule(SYNC_DELAY_MS);
      return () => {
        if (handlers !== next) return;
        handlers = null;
        window.removeEventListener('online', onBrowserOnline);
        window.removeEventListener(SERVER_REACHABILITY_EVENT, onReachability);
        unsubscribe();
        clearTimeout(timer);
        dueAt = Infinity;
        releaseWaiters();
      };
    },
    /**
     * Resolves once the sync that follows a return of the connection is done (at once when no
     * one is signed in, or nothing is queued): what the queries fetch then includes it.
     */
    afterReconnect(): Promise<void> {
      if (handlers === null || getPendingCount() === 0) return Promise.resolve();
      return new Promise((resolve) => {
        waiters.push(resolve);
        onReconnect();
      });
    },
  };
}

export const offlineSync = createSyncScheduler();

/**
 * TanStack Query's idea of "online": the browser's flag, as it starts and as it changes, except
 * that coming back online waits for the queue to be sent. Fetches paused while offline resume
 * only then, so they answer with the offline actions applied instead of briefly without them.
 */
export function followConnectivityInQueries(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(navigator.onLine);
    const onOnline = () => {
      void offlineSync.afterReconnect().then(() => {
        if (navigator.onLine) setOnline(true);
      });
    };
    const onOffline = () => setOnline(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  });
}
