import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { PageError } from '../../../components/feedback/page-error';
import { ApiError } from '../../../lib/api-client';
import { useActivity } from '../../activities/api/get-activity';
import { chosenChildIds } from '../../activities/components/back-link';
import { SuggestionPicker } from '../components/suggestion-picker';
import { TheaterPlayer } from '../components/theater-player';
import { NoCachedData } from '../../../components/feedback/no-cached-data';
import { isOfflineWithoutData } from '../../../lib/offline-caches';

function TheaterForActivity({ id }: { id: string }) {
  const activity = useActivity(id);
  const chosenChildren = chosenChildIds(useLocation().state);
  if (activity.data !== undefined) {
    // Keyed: another activity starts again at its materials with a fresh clock.
    return (
      <TheaterPlayer
        key={activity.data.id}
        activity={activity.data}
        chosenChildren={chosenChildren}
      />
    );
  }
  if (activity.error instanceof ApiError && activity.error.status === 404) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h4" component="h1">
          Activity not found
        </Typography>
        <Typography color="text.secondary">
          This activity does not exist, or it was one of your own and has been deleted.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/activity-theater">
          Pick another activity
        </Button>
      </Stack>
    );
  }
  if (activity.isError) return <PageError reset={() => void activity.refetch()} />;
  if (isOfflineWithoutData(activity)) return <NoCachedData />;
  return (
    <Stack spacing={2} aria-busy="true" aria-label="Loading the activity">
      <Skeleton variant="text" width="60%" sx={{ fontSize: '2.5rem' }} />
      <Skeleton variant="rectangular" height={280} />
    </Stack>
  );
}

/** `/activity-theater[/{id}]`: guided play of one activity, or today's suggestions to pick from. */
export function ActivityTheaterPage() {
  const { id } = useParams();
  return id === undefined ? <SuggestionPicker /> : <TheaterForActivity id={id} />;
}
