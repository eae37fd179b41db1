import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLastOnline } from '../../hooks/use-connectivity';
import { whenFirstUsed } from '../../lib/when-first-used';

const lastOnlineFormat = whenFirstUsed(
  () =>
    new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }),
);

/**
 * What the offline chip opens: when the app was last online and what waits to be sent. Its own
 * chunk (MUI's Popover brings Modal and focus trapping), fetched after the first paint.
 */
export function ConnectionDetails({
  id,
  anchor,
  onClose,
  pendingCount,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  pendingCount: number;
}) {
  const lastOnline = useLastOnline();
  return (
    <Popover
      id={id}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': 'Connection details' } }}
      // Above the offline banner, which opens at the same moment just below the top bar.
      sx={(theme) => ({ zIndex: theme.zIndex.snackbar + 1 })}
    >
      <Stack spacing={1} sx={{ p: 2, maxWidth: 280 }}>
        <div>
          <Typography variant="subtitle2" component="p">
            Last online
          </Typography>
          <Typography variant="body2">
            {lastOnline ? lastOnlineFormat().format(lastOnline) : 'Unknown'}
          </Typography>
        </div>
        <div>
          <Typography variant="subtitle2" component="p">
            Pending actions
          </Typography>
          <Typography variant="body2">{pendingCount}</Typography>
        </div>
        <Typography variant="body2" color="text.secondary">
          Will sync when you&apos;re back online
        </Typography>
      </Stack>
    </Popover>
  );
}
