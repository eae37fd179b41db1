import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';

/** Placeholder cards while a list loads (spec §2, §9: 6 cards, 3 columns; 1 on xs, 2 on sm). */
export function SkeletonGrid({ count = 6, columns = 3 }: { count?: number; columns?: number }) {
  return (
    <Box
      component="ul"
      aria-busy="true"
      aria-label="Loading"
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
      {Array.from({ length: count }, (_, index) => (
        <Box component="li" key={index}>
          <Card>
            <Skeleton variant="rectangular" height={140} />
            <CardContent>
              <Skeleton variant="text" width="70%" sx={{ fontSize: '1.25rem' }} />
              <Skeleton variant="text" />
              <Skeleton variant="text" width="50%" />
            </CardContent>
          </Card>
        </Box>
      ))}
    </Box>
  );
}
