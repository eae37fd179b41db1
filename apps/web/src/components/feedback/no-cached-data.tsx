import WifiOffIcon from '@mui/icons-material/WifiOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/** Spec §8: what shows offline where nothing was cached to show. */
export const NO_CACHED_DATA_MESSAGE = 'No cached data available offline';

/**
 * In place of content that was never loaded on this device (or over 24 h ago) while offline. It
 * goes away by itself: the paused request runs once the connection is back.
 */
export function NoCachedData({ fullPage = false }: { fullPage?: boolean }) {
  const alert = (
    <Alert severity="info" icon={<WifiOffIcon />} role="status">
      {NO_CACHED_DATA_MESSAGE}. It will load when you&apos;re back online.
    </Alert>
  );
  if (!fullPage) return alert;
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        maxWidth: 480,
        mx: 'auto',
      }}
    >
      {alert}
    </Box>
  );
}
