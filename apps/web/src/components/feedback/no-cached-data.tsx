import { NO_OFFLINE_CACHE } from '@kkb/core/errors/messages';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * In place of content that was never loaded on this device (or over 24 h ago) while offline. It
 * goes away by itself: the paused request runs once the connection is back. (Plain text, no
 * Alert: the guards show it, and they are part of the first route.)
 */
export function NoCachedData({ fullPage = false }: { fullPage?: boolean }) {
  const note = (
    <Stack
      role="status"
      direction="row"
      spacing={1.5}
      sx={{
        alignItems: 'flex-start',
        p: 2,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <WifiOffIcon color="action" aria-hidden="true" />
      <div>
        <Typography sx={{ fontWeight: 500 }}>{NO_OFFLINE_CACHE}</Typography>
        <Typography variant="body2" color="text.secondary">
          It will load when you&apos;re back online.
        </Typography>
      </div>
    </Stack>
  );
  if (!fullPage) return note;
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Box sx={{ maxWidth: 480 }}>{note}</Box>
    </Box>
  );
}
