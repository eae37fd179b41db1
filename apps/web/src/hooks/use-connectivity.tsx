import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  createConnectivityStore,
  type ConnectivityState,
  type ConnectivityStore,
} from '../lib/connectivity';
import { getPendingCount, subscribe as subscribeToQueue } from '../lib/offline-queue';
import { offlineSync, type SyncState } from '../lib/offline-sync';

/**
 * What the prerendered sign-in page was rendered with (src/prerender.tsx): online, nothing queued
 * or being sent. Hydration starts from it; the browser's own state follows at once.
 */
const PRERENDERED_CONNECTIVITY: ConnectivityState = { isOnline: true, lastOnline: null };
const PRERENDERED_SYNC: SyncState = { syncing: false };
const prerenderedConnectivity = () => PRERENDERED_CONNECTIVITY;
const prerenderedSync = () => PRERENDERED_SYNC;
const nothingPending = () => 0;

const ConnectivityContext = createContext<ConnectivityStore | null>(null);

/** One connectivity store, bound to `window`, for everything below. */
export function ConnectivityProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createConnectivityStore());
  return <ConnectivityContext value={store}>{children}</ConnectivityContext>;
}

export interface Connectivity {
  isOnline: boolean;
  isOffline: boolean;
  lastOnline: Date | null;
  /** Actions waiting in the offline queue. */
  pendingCount: number;
  /** The queue is being sent to the server now. */
  syncing: boolean;
}

export function useConnectivity(): Connectivity {
  const store = useContext(ConnectivityContext);
  if (store === null) throw new Error('useConnectivity must be used inside ConnectivityProvider');
  const { isOnline, lastOnline } = useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    prerenderedConnectivity,
  );
  const pendingCount = useSyncExternalStore(subscribeToQueue, getPendingCount, nothingPending);
  const { syncing } = useSyncExternalStore(
    offlineSync.subscribe,
    offlineSync.getSnapshot,
    prerenderedSync,
  );
  return { isOnline, isOffline: !isOnline, lastOnline, pendingCount, syncing };
}
