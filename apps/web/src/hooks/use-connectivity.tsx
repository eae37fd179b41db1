import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createConnectivityStore, type ConnectivityStore } from '../lib/connectivity';
import { getPendingCount, subscribe as subscribeToQueue } from '../lib/offline-queue';
import { offlineSync } from '../lib/offline-sync';

/**
 * What the prerendered sign-in page was rendered with (src/prerender.tsx): online, nothing queued
 * or being sent. Hydration starts from it; the browser's own state follows at once. Each value is
 * read on its own, as a primitive: a browser in the same state then renders nothing again after
 * hydration (a fresh snapshot object would make React render every reader again, at once).
 */
const prerenderedOnline = () => true;
const prerenderedSyncing = () => false;
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
  /** Actions waiting in the offline queue. */
  pendingCount: number;
  /** The queue is being sent to the server now. */
  syncing: boolean;
}

export function useConnectivity(): Connectivity {
  const store = useContext(ConnectivityContext);
  if (store === null) throw new Error('useConnectivity must be used inside ConnectivityProvider');
  const isOnline = useSyncExternalStore(
    store.subscribe,
    () => store.getSnapshot().isOnline,
    prerenderedOnline,
  );
  const pendingCount = useSyncExternalStore(subscribeToQueue, getPendingCount, nothingPending);
  const syncing = useSyncExternalStore(
    offlineSync.subscribe,
    () => offlineSync.getSnapshot().syncing,
    prerenderedSyncing,
  );
  return { isOnline, isOffline: !isOnline, pendingCount, syncing };
}

/** When the app was last online (for the offline chip's details, which no page prerenders). */
export function useLastOnline(): Date | null {
  const store = useContext(ConnectivityContext);
  if (store === null) throw new Error('useLastOnline must be used inside ConnectivityProvider');
  return useSyncExternalStore(store.subscribe, () => store.getSnapshot().lastOnline);
}
