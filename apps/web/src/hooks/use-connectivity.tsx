import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createConnectivityStore, type ConnectivityStore } from '../lib/connectivity';
import { readQueue, subscribe as subscribeToQueue } from '../lib/offline-queue';

const ConnectivityContext = createContext<ConnectivityStore | null>(null);

/** One connectivity store, bound to `window`, for everything below. */
export function ConnectivityProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createConnectivityStore());
  return <ConnectivityContext value={store}>{children}</ConnectivityContext>;
}

const readPendingCount = () => readQueue().length;

export interface Connectivity {
  isOnline: boolean;
  isOffline: boolean;
  lastOnline: Date | null;
  /** Actions waiting in the offline queue. */
  pendingCount: number;
}

export function useConnectivity(): Connectivity {
  const store = useContext(ConnectivityContext);
  if (store === null) throw new Error('useConnectivity must be used inside ConnectivityProvider');
  const { isOnline, lastOnline } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const pendingCount = useSyncExternalStore(subscribeToQueue, readPendingCount);
  return { isOnline, isOffline: !isOnline, lastOnline, pendingCount };
}
