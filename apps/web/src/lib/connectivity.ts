/**
 * Online/offline state of the app (spec §3 "Offline state": isOnline, isOffline, lastOnline): the
 * browser's own flag, and whether our server answered the last call (a browser "online" on a
 * network that cannot reach the server is offline for the parent). `lastOnline` survives reloads
 * in local storage so an app opened offline can still tell when it last had a connection.
 */
export interface ConnectivityState {
  isOnline: boolean;
  /** The last moment the app knew it was online; null when it never was on this device. */
  lastOnline: Date | null;
}

export const LAST_ONLINE_KEY = 'kkb:last-online';

function readLastOnline(): Date | null {
  const raw = localStorage.getItem(LAST_ONLINE_KEY);
  if (raw === null) return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

function recordLastOnline(now: Date): Date {
  localStorage.setItem(LAST_ONLINE_KEY, now.toISOString());
  return now;
}

/**
 * Whether the browser says it is offline. Only its explicit `false` counts: an environment
 * without the flag is taken as online, as TanStack Query's own default does.
 */
export function browserOffline(): boolean {
  return navigator.onLine === false;
}

/** The window event the API client sends after each call: did the server answer? */
export const SERVER_REACHABILITY_EVENT = 'kkb:server-reachability';

/** Tells the connectivity store whether a call reached the server (any answer) or failed to. */
export function reportServerReachable(reachable: boolean, target: Window = window): void {
  target.dispatchEvent(new CustomEvent<boolean>(SERVER_REACHABILITY_EVENT, { detail: reachable }));
}

export interface ConnectivityStore {
  getSnapshot(): ConnectivityState;
  subscribe(listener: () => void): () => void;
}

/**
 * A store for `useSyncExternalStore`: one snapshot object per change, fed by the window's
 * online/offline events and the API client's reports of reaching the server.
 */
export function createConnectivityStore(target: Window = window): ConnectivityStore {
  const listeners = new Set<() => void>();
  const isOnline = target.navigator.onLine;
  let state: ConnectivityState = {
    isOnline,
    lastOnline: isOnline ? recordLastOnline(new Date()) : readLastOnline(),
  };

  const update = (next: ConnectivityState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  // Going offline stamps the moment the connection was lost; coming back stamps the return.
  const onOnline = () => update({ isOnline: true, lastOnline: recordLastOnline(new Date()) });
  const onOffline = () => update({ isOnline: false, lastOnline: recordLastOnline(new Date()) });
  const onReachability = (event: Event) => {
    const reachable = (event as CustomEvent<boolean>).detail;
    // Only a change counts; while the browser itself is offline, its events decide.
    if (reachable === state.isOnline || !target.navigator.onLine) return;
    (reachable ? onOnline : onOffline)();
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      if (listeners.size === 0) {
        target.addEventListener('online', onOnline);
        target.addEventListener('offline', onOffline);
        target.addEventListener(SERVER_REACHABILITY_EVENT, onReachability);
        // An event may have fired between creating the store and the first subscription.
        if (target.navigator.onLine !== state.isOnline) {
          (target.navigator.onLine ? onOnline : onOffline)();
        }
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          target.removeEventListener('online', onOnline);
          target.removeEventListener('offline', onOffline);
          target.removeEventListener(SERVER_REACHABILITY_EVENT, onReachability);
        }
      };
    },
  };
}
