import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Layer of the full-screen overlay (spec §9). */
export const OVERLAY_Z_INDEX = 9999;

/** Spinner with a message (spec §2, §9: 'Loading...', size 40); optionally over the whole screen. */
export function LoadingSpinner({
  message = 'Loading...',
  size = 40,
  fullScreen = false,
}: {
  message?: string;
  size?: number;
  fullScreen?: boolean;
}) {
  return (
    <Box
      role="status"
      aria-live="polite"
      data-fullscreen={fullScreen || undefined}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        ...(fullScreen && {
          position: 'fixed',
          inset: 0,
          zIndex: OVERLAY_Z_INDEX,
          bgcolor: 'rgba(255, 255, 255, 0.85)',
          ...theme.applyStyles('dark', { bgcolor: 'rgba(18, 18, 18, 0.85)' }),
        }),
      })}
    >
      <CircularProgress size={size} aria-hidden="true" />
      <Typography color="text.secondary">{message}</Typography>
    </Box>
  );
}
