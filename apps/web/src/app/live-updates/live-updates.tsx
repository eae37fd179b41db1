import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '../../features/auth/components/use-auth';
import { pageSettled } from '../../lib/page-settled';

/**
 * How long the page's own requests must have been quiet before the stream opens: a stream is a
 * request that never ends, and tools that wait for a quiet network (Lighthouse, Playwright's
 * networkidle) would wait for it forever.
 */
export const SETTLE_MS = 3_000;

function subscribeToBrowserOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Keeps the live event stream open while someone is signed in and the browser is online, so a
 * co-parent's change shows without a reload; closes it on sign-out or going offline. (Only the
 * browser's own flag counts here: the stream's reconnections are what tell when an unreachable
 * server is back.) Its code loads once the page has settled, in its own chunk.
 */
export function LiveUpdates({ settleMs = SETTLE_MS }: { settleMs?: number }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(
    subscribeToBrowserOnline,
    () => navigator.onLine,
    // The prerendered sign-in page (src/prerender.tsx) was rendered online.
    () => true,
  );
  const userId = auth.status === 'authenticated' ? auth.user.id : null;

  useEffect(() => {
    if (userId === null || !online) return;
    const cancelled = new AbortController();
    let close: (() => void) | undefined;
    pageSettled(queryClient, settleMs, cancelled.signal)
      .then(() => import('./connect-live-updates'))
      .then(({ connectLiveUpdates }) => {
        if (!cancelled.signal.aborted) close = connectLiveUpdates(queryClient);
      })
      // Without its chunk (offline, say) the app works on, only without live updates.
      .catch(() => undefined);
    return () => {
      cancelled.abort();
      close?.();
    };
  }, [userId, online, queryClient, settleMs]);

  return null;
}
