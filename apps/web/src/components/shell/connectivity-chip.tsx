import WifiIcon from '@mui/icons-material/Wifi';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import Chip from '@mui/material/Chip';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useConnectivity } from '../../hooks/use-connectivity';

const lastOnlineFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * Below 360 px (a 320 px phone) the top bar has no room for the word: the chip shows its icon and
 * keeps the word for screen readers.
 */
const NARROW_SX = {
  '@media (max-width: 359.95px)': {
    '& .MuiChip-icon': { mx: 0.5 },
    '& .MuiChip-label': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      p: 0,
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
} as const;

/** 'Online' / 'Offline' (spec §2); the offline chip opens the details of the outage. */
export function ConnectivityChip() {
  const { isOnline, lastOnline, pendingCount } = useConnectivity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const detailsId = useId();

  if (isOnline) {
    return (
      <Chip
        icon={<WifiIcon />}
        label="Online"
        color="success"
        variant="outlined"
        size="small"
        sx={NARROW_SX}
      />
    );
  }
  const open = anchor !== null;
  return (
    <>
      <Chip
        icon={<WifiOffIcon />}
        label="Offline"
        color="error"
        size="small"
        // White on the dark scheme's lighter red is below 4.5:1; its darker red is not.
        sx={(theme) => ({ ...NARROW_SX, ...theme.applyStyles('dark', { bgcolor: 'error.dark' }) })}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
      />
      <Popover
        id={detailsId}
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
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
              {lastOnline ? lastOnlineFormat.format(lastOnline) : 'Unknown'}
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
    </>
  );
}
