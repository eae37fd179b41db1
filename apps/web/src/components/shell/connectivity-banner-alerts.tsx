import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';

const TOP_CENTRE = { vertical: 'top', horizontal: 'center' } as const;
// Standard (not filled) alerts keep AA contrast for the warning colours.
const BANNER_SX = { boxShadow: 6, width: '100%' } as const;
// Below the top bar (56 px on phones, 64 px wider), so the connectivity chip stays reachable.
const BELOW_TOP_BAR_SX = { top: { xs: 64, sm: 72 } } as const;

/**
 * The banners themselves (connectivity-banners.tsx decides when they show): MUI's Snackbar, its
 * transition and click-away listener load only once a banner is first needed, not on every page's
 * first paint.
 */
export function ConnectivityBannerAlerts({
  offlineOpen,
  backOnlineOpen,
  backOnlineHideMs,
  syncPending,
  closeOffline,
  closeBackOnline,
}: {
  offlineOpen: boolean;
  backOnlineOpen: boolean;
  /** Null while the queue is being sent: the banner stays until that ends. */
  backOnlineHideMs: number | null;
  syncPending: boolean;
  closeOffline: () => void;
  closeBackOnline: () => void;
}) {
  return (
    <>
      <Snackbar open={offlineOpen} anchorOrigin={TOP_CENTRE} sx={BELOW_TOP_BAR_SX}>
        <Alert severity="warning" sx={BANNER_SX} onClose={closeOffline}>
          <AlertTitle>You&apos;re offline</AlertTitle>
          Some features may be limited. Your data will sync when you&apos;re back online.
        </Alert>
      </Snackbar>
      <Snackbar
        open={backOnlineOpen}
        anchorOrigin={TOP_CENTRE}
        sx={BELOW_TOP_BAR_SX}
        autoHideDuration={backOnlineHideMs}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') closeBackOnline();
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
