import { onlineManager } from '@tanstack/react-query';
import { browserOffline, SERVER_REACHABILITY_EVENT } from './connectivity';
import { getPendingCount, subscribe } from './offline-queue';
import type { SyncReport } from './sync-queue';

/**
 * When the offline queue is sent (spec §4 Connectivity, §9; DESIGN, Sync), and TanStack Query's
 * idea of being online. The sending itself (lib/sync-queue) loads when there is something to send.
 */

/** Spec §9: the sync starts 1 s after the connection returns. */
export const SYNC_DELAY_MS = 1000;
/** After a failed sync, the next try waits this long, doubling up to a minute. */
const FIRST_RETRY_MS = 5000;
const MAX_RETRY_MS = 60_000;

/** Whether a sync settled any action: what the app showed of them is then fetched again. */
export function settledAny(report: SyncReport): boolean {
  return report.applied > 0 || report.duplicates > 0 || report.rejected.length > 0;
}

export interface SyncState {
  /** A sync is sending the queue now (the back-online banner says so). */
  syncing: boolean;
}

export interface OfflineSyncHandlers {
  /**
   * After each sync that settled actions (applied, duplicate or rejected: the cached answers show
   * what the app assumed of them, not what the server made of them), or that followed our server answering again while the browser stayed online
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
    if (current === null || browserOffline()) {
      releaseWaiters();
      return;
    }
    running = true;
    const cameBack = serverCameBack;
    serverCameBack = false;
    const releasing = waiters;
    waiters = [];
    setSyncing(getPendingCount() > 0);
    let report: SyncReport = { applied: 0, duplicates: 0, rejected: [], complete: true };
    try {
      if (getPendingCount() > 0) {
        const { syncQueue } = await import('./sync-queue');
        report = await syncQueue();
      }
    } catch {
      report = { applied: 0, duplicates: 0, rejected: [], complete: false };
    }
    running = false;
    setSyncing(false);
    for (const resolve of releasing) resolve();
    if (handlers !== current) return;
    if (settledAny(report) || cameBack) {
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
    if (count > lastCount && !browserOffline()) schedule(0);
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
    setOnline(!browserOffline());
    const onOnline = () => {
      void offlineSync.afterReconnect().then(() => {
        if (!browserOffline()) setOnline(true);
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
