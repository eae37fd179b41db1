import HistoryIcon from '@mui/icons-material/History';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useNow } from '../../hooks/use-now';
import { formatAsOf } from './as-of';

/** The drawing of `AsOfNotice` (as-of-notice.tsx), in a chunk of its own. */
export function AsOfNoticeDrawing({
  since,
  what,
  children,
}: {
  since: number;
  what: string;
  children: ReactNode;
}) {
  // Whether it was today, and the words, stay true on a page left open past midnight.
  const now = useNow();
  return (
    <Stack
      role="status"
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'flex-start',
        px: 1.5,
        py: 1,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <HistoryIcon fontSize="small" color="action" aria-hidden="true" sx={{ mt: 0.25 }} />
      <Typography variant="body2">
        {what}, as of <time dateTime={new Date(since).toISOString()}>{formatAsOf(since, now)}</time>
        . {children}
      </Typography>
    </Stack>
  );
}
