import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createConnectivityStore, type ConnectivityStore } from '../lib/connectivity';
import { getPendingCount, subscribe as subscribeToQueue } from '../lib/offline-queue';
import { offlineSync } from '../lib/offline-sync';

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
  const { isOnline, lastOnline } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const pendingCount = useSyncExternalStore(subscribeToQueue, getPendingCount);
  const { syncing } = useSyncExternalStore(offlineSync.subscribe, offlineSync.getSnapshot);
  return { isOnline, isOffline: !isOnline, lastOnline, pendingCount, syncing };
}
