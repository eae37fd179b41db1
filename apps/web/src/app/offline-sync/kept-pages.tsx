import { isProfileComplete } from '@kkb/core/family/profile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../features/auth/components/use-auth';
import { useFamily } from '../../features/family/api/get-family';
import { useProfile } from '../../features/family/api/get-profile';
import { useConnectivity } from '../../hooks/use-connectivity';
import { pageSettled } from '../../lib/page-settled';

/** How long the page's own requests must have been quiet before the prefetch starts. */
const SETTLE_MS = 3_000;

/**
 * Keeps the pages a parent reads offline ready even if never opened on this device: once signed
 * in with a complete profile (the guard lets them in then), and again each time the connection
 * comes back or the family changes, it fetches their answers (prefetch-kept-pages.ts, its own
 * chunk) after the page in view has settled, so it never delays what the parent looks at. Back
 * online, the fetches wait for the offline queue to be sent first (lib/offline-sync), so what is
 * kept includes it.
 */
export function KeptPages({ settleMs = SETTLE_MS }: { settleMs?: number }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const { isOnline } = useConnectivity();
  const userId = auth.status === 'authenticated' ? auth.user.id : null;
  const { data: profile } = useProfile({ enabled: userId !== null });
  const familyId = useFamily({ enabled: userId !== null }).data?.id;
  const ready = userId !== null && isOnline && profile != null && isProfileComplete(profile);

  useEffect(() => {
    if (!ready) return;
    const cancelled = new AbortController();
    pageSettled(queryClient, settleMs, cancelled.signal)
      .then(() => import('./prefetch-kept-pages'))
      .then(({ prefetchKeptPages }) => {
        if (!cancelled.signal.aborted) return prefetchKeptPages(queryClient);
      })
      // Without its chunk (offline again, say) the pages fetch their answers when opened.
      .catch(() => undefined);
    return () => cancelled.abort();
  }, [ready, userId, familyId, queryClient, settleMs]);

  return null;
}
