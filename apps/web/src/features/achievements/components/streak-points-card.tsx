import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { RequestError } from '../../../components/feedback/request-error';
import { useStats } from '../api/get-stats';
import { formatDays } from './format';
import { NoCachedData } from '../../../components/feedback/no-cached-data';
import { isOfflineWithoutData } from '../../../lib/offline-caches';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack component="div" sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700 }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** The dashboard's streak card: current and longest streak and points, linking to /achievements. */
export function StreakPointsCard() {
  const stats = useStats();
  const headingId = useId();

  if (stats.isError && stats.data === undefined) {
    return <RequestError error={stats.error} retry={() => void stats.refetch()} />;
  }

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <LocalFireDepartmentIcon sx={{ color: 'warning.main' }} aria-hidden="true" />
          <Typography id={headingId} component="h2" variant="h6">
            Your streak
          </Typography>
        </Stack>
        {isOfflineWithoutData(stats) ? (
          <NoCachedData />
        ) : stats.data === undefined ? (
          <Stack
            direction="row"
            spacing={3}
            role="status"
            aria-busy="true"
            aria-label="Loading your streak"
          >
            {[0, 1, 2].map((index) => (
              <Stack key={index} sx={{ flex: 1 }}>
                <Skeleton variant="text" width="80%" />
                <Skeleton variant="text" width="50%" sx={{ fontSize: '1.25rem' }} />
              </Stack>
            ))}
          </Stack>
        ) : (
          <>
            <Stack component="dl" direction="row" spacing={3} sx={{ m: 0, '& > *': { flex: 1 } }}>
              <Figure label="Current streak" value={formatDays(stats.data.currentStreak)} />
              <Figure label="Longest streak" value={formatDays(stats.data.longestStreak)} />
              <Figure label="Points" value={String(stats.data.totalPoints)} />
            </Stack>
            {stats.data.totalActivities === 0 && (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                Mark an activity as done to start your streak.
              </Typography>
            )}
          </>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to="/achievements">
          View achievements
        </Button>
      </CardActions>
    </Card>
  );
}
