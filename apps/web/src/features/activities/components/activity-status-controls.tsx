import type { TUserActivityStatus } from '@kkb/core/activities/user-activity';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeError } from '../../../lib/api-client';
import { MarkDoneButton } from '../../achievements/components/mark-done-button';
import { useDeleteUserActivity } from '../api/delete-user-activity';
import { useUserActivities } from '../api/get-user-activities';
import { useSetUserActivityStatus } from '../api/set-user-activity-status';

/**
 * Favourite and tried for one activity. The server keeps one mark per activity (spec §4: a second
 * add only changes the status), so a favourite is not also "tried": favouriting a tried activity
 * moves it to Favourites, and removing a favourite (or the tried mark) forgets the activity.
 */
export function ActivityStatusControls({
  activityId,
  defaultMinutes,
}: {
  activityId: string;
  defaultMinutes: number;
}) {
  const records = useUserActivities();
  const setStatus = useSetUserActivityStatus();
  const clear = useDeleteUserActivity();
  const status: TUserActivityStatus | undefined = records.data?.find(
    (record) => record.activityId === activityId,
  )?.status;
  const busy = records.isPending || setStatus.isPending || clear.isPending;
  const failure = setStatus.error ?? clear.error;

  const toggle = (target: TUserActivityStatus) => {
    if (status === target) clear.mutate(activityId);
    else setStatus.mutate({ activityId, status: target });
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <MarkDoneButton activityId={activityId} defaultMinutes={defaultMinutes} />
        <Button
          variant={status === 'favorite' ? 'contained' : 'outlined'}
          color="secondary"
          aria-pressed={status === 'favorite'}
          startIcon={status === 'favorite' ? <FavoriteIcon /> : <FavoriteBorderIcon />}
          disabled={busy}
          onClick={() => toggle('favorite')}
        >
          Favourite
        </Button>
        <Button
          variant={status === 'tried' ? 'contained' : 'outlined'}
          aria-pressed={status === 'tried'}
          startIcon={<TaskAltIcon />}
          disabled={busy || status === 'favorite'}
          onClick={() => toggle('tried')}
        >
          {status === 'tried' ? 'Tried' : 'Mark as tried'}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {status === 'favorite'
          ? 'In your favourites. Favourites are listed under Favourites rather than Tried.'
          : status === 'tried'
            ? 'Listed under Tried in My Activities. Press Tried again to remove it.'
            : 'Keep it in My Activities as a favourite, or mark it once you have tried it.'}
      </Typography>
      {failure !== null && <Alert severity="error">{describeError(failure)}</Alert>}
    </Stack>
  );
}
