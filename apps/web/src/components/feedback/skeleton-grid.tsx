import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { CardGrid } from '../layout/card-grid';

/** Placeholder cards while a list loads (spec §2, §9: 6 cards, 3 columns; 1 on xs, 2 on sm). */
export function SkeletonGrid({ count = 6, columns = 3 }: { count?: number; columns?: number }) {
  return (
    <CardGrid label="Loading" columns={columns} busy>
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
    </CardGrid>
  );
}
