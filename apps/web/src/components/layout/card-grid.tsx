import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A list of cards in a responsive grid (spec §2: 3 columns; 1 on extra-small, 2 on small).
 * Children are the list items.
 */
export function CardGrid({
  label,
  columns = 3,
  busy = false,
  children,
}: {
  label: string;
  columns?: number;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy || undefined}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {children}
    </Box>
  );
}
