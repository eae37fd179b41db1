import Snackbar, { type SnackbarProps } from '@mui/material/Snackbar';

// On phones the bottom navigation (56 px) holds the bottom of the screen; the message sits above it.
const ABOVE_BOTTOM_NAVIGATION = { bottom: { xs: 80, md: 24 } } as const;

/** A snackbar at the bottom of the screen, kept clear of the bottom navigation on phones. */
export function BottomSnackbar(props: Omit<SnackbarProps, 'sx'>) {
  return <Snackbar {...props} sx={ABOVE_BOTTOM_NAVIGATION} />;
}
