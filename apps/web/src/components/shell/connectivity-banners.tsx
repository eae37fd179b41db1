import { Suspense, useEffect, useState } from 'react';
import { useConnectivity } from '../../hooks/use-connectivity';
import { deferredComponent } from '../../lib/deferred-component';

/** The back-online banner hides itself after 3 s (spec §9). */
export const BACK_ONLINE_BANNER_MS = 3000;

const alerts = deferredComponent(
  async () => (await import('./connectivity-banner-alerts')).ConnectivityBannerAlerts,
);

/**
 * The offline warning and the back-online success banners of spec §2. The success banner says
 * "Syncing your data..." while there are queued actions to send and they are being sent, and
 * hides 3 s after that (spec §9); with nothing to send, it says the data is up to date.
 */
export function ConnectivityBanners() {
  const { isOnline, pendingCount, syncing } = useConnectivity();
  const syncPending = syncing || pendingCount > 0;
  const [seenOnline, setSeenOnline] = useState(isOnline);
  const [offlineOpen, setOfflineOpen] = useState(!isOnline);
  const [backOnlineOpen, setBackOnlineOpen] = useState(false);
  // Drawn once a banner is first needed; the chunk loads after the first paint, to be at hand.
  const [drawn, setDrawn] = useState(!isOnline);
  useEffect(() => alerts.preload(), []);

  // React to each change of connectivity during render rather than in an effect.
  if (seenOnline !== isOnline) {
    setSeenOnline(isOnline);
    setOfflineOpen(!isOnline);
    setBackOnlineOpen(isOnline);
    setDrawn(true);
  }

  if (!drawn) return null;
  return (
    <Suspense fallback={null}>
      <alerts.Component
        offlineOpen={offlineOpen}
        backOnlineOpen={backOnlineOpen}
        backOnlineHideMs={syncing ? null : BACK_ONLINE_BANNER_MS}
        syncPending={syncPending}
        closeOffline={() => setOfflineOpen(false)}
        closeBackOnline={() => setBackOnlineOpen(false)}
      />
    </Suspense>
  );
}
