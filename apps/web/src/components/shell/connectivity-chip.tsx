import WifiIcon from '@mui/icons-material/Wifi';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import Chip from '@mui/material/Chip';
import { Suspense, useEffect, useId, useState } from 'react';
import { useConnectivity } from '../../hooks/use-connectivity';
import { deferredComponent } from '../../lib/deferred-component';

const details = deferredComponent(
  async () => (await import('./connection-details')).ConnectionDetails,
);

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
  const { isOnline, pendingCount } = useConnectivity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const detailsId = useId();
  // Fetched after the first paint, while online: the details are wanted when the connection is not.
  useEffect(() => details.preload(), []);

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
      <Suspense fallback={null}>
        <details.Component
          id={detailsId}
          anchor={anchor}
          onClose={() => setAnchor(null)}
          pendingCount={pendingCount}
        />
      </Suspense>
    </>
  );
}
