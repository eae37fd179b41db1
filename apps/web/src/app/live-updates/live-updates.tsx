import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '../../features/auth/components/use-auth';

function subscribeToBrowserOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Resolves once the page has loaded, so that what it starts does not compete with the page. */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Keeps the live event stream open while someone is signed in and the browser is online, so a
 * co-parent's change shows without a reload; closes it on sign-out or going offline. (Only the
 * browser's own flag counts here: the stream's reconnections are what tell when an unreachable
 * server is back.)
 */
export function LiveUpdates() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(subscribeToBrowserOnline, () => navigator.onLine);
  const userId = auth.status === 'authenticated' ? auth.user.id : null;

  useEffect(() => {
    if (userId === null || !online) return;
    let close: (() => void) | undefined;
    let cancelled = false;
    pageLoaded()
      .then(() => import('./connect-live-updates'))
      .then(({ connectLiveUpdates }) => {
        if (!cancelled) close = connectLiveUpdates(queryClient);
      })
      // Without its chunk (offline, say) the app works on, only without live updates.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      close?.();
    };
  }, [userId, online, queryClient]);

  return null;
}
