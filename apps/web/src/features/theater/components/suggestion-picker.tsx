import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RequestError } from '../../../components/feedback/request-error';
import { SkeletonGrid } from '../../../components/feedback/skeleton-grid';
import { useTodaysSuggestions } from '../../activities/api/use-todays-suggestions';
import { ActivityCard, ActivityGrid } from '../../activities/components/activity-card';
import { NoCachedData } from '../../../components/feedback/no-cached-data';

/** `/activity-theater` without an activity: today's suggestions, each ready to start. */
export function SuggestionPicker() {
  const suggestions = useTodaysSuggestions();

  let content;
  if (suggestions.activities !== undefined) {
    content =
      suggestions.activities.length === 0 ? (
        <Alert severity="info">
          No suggestions for today yet. Browse all activities and press Start on any of them.
        </Alert>
      ) : (
        <ActivityGrid label="Today's suggestions">
          {suggestions.activities.map((activity) => (
            <li key={activity.id}>
              <ActivityCard activity={activity} />
            </li>
          ))}
        </ActivityGrid>
      );
  } else if (suggestions.isError) {
    content = <RequestError error={suggestions.error} retry={() => void suggestions.refetch()} />;
  } else if (suggestions.waitingOffline) {
    content = <NoCachedData />;
  } else {
    content = <SkeletonGrid count={6} />;
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Activity Theater
      </Typography>
      <Typography color="text.secondary">
        Play an activity step by step: gather what you need, then follow one big instruction at a
        time. Pick one of today&apos;s suggestions.
      </Typography>
      {content}
      <Button
        component={RouterLink}
        to="/browse"
        startIcon={<PlayArrowIcon />}
        sx={{ alignSelf: 'flex-start' }}
      >
        Find another activity
      </Button>
    </Stack>
  );
}
