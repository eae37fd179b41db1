import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useConnectivity } from '../../hooks/use-connectivity';

/** The back-online banner hides itself after 3 s (spec §9). */
export const BACK_ONLINE_BANNER_MS = 3000;

const TOP_CENTRE = { vertical: 'top', horizontal: 'center' } as const;
// Standard (not filled) alerts keep AA contrast for the warning colours.
const BANNER_SX = { boxShadow: 6, width: '100%' } as const;
// Below the top bar (56 px on phones, 64 px wider), so the connectivity chip stays reachable.
const BELOW_TOP_BAR_SX = { top: { xs: 64, sm: 72 } } as const;

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

  // React to each change of connectivity during render rather than in an effect.
  if (seenOnline !== isOnline) {
    setSeenOnline(isOnline);
    setOfflineOpen(!isOnline);
    setBackOnlineOpen(isOnline);
  }

  return (
    <>
      <Snackbar open={offlineOpen} anchorOrigin={TOP_CENTRE} sx={BELOW_TOP_BAR_SX}>
        <Alert severity="warning" sx={BANNER_SX} onClose={() => setOfflineOpen(false)}>
          <AlertTitle>You&apos;re offline</AlertTitle>
          Some features may be limited. Your data will sync when you&apos;re back online.
        </Alert>
      </Snackbar>
      <Snackbar
        open={backOnlineOpen}
        anchorOrigin={TOP_CENTRE}
        sx={BELOW_TOP_BAR_SX}
        autoHideDuration={syncing ? null : BACK_ONLINE_BANNER_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setBackOnlineOpen(false);
        }}
      >
        <Alert severity="success" sx={BANNER_SX}>
          <AlertTitle>You&apos;re back online!</AlertTitle>
          {syncPending ? 'Syncing your data...' : 'Your data is up to date.'}
        </Alert>
      </Snackbar>
    </>
  );
}
