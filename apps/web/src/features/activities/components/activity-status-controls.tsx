import type { TUserActivityMark } from '@kkb/core/activities/user-activity';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeError } from '../../../lib/api-client';
import { LastDone } from '../../achievements/components/last-done';
import { MarkDoneButton } from '../../achievements/components/mark-done-button';
import { useClearUserActivityMark } from '../api/clear-user-activity-mark';
import { useUserActivities } from '../api/get-user-activities';
import { useSetUserActivityMark } from '../api/set-user-activity-mark';

/**
 * When it was last done (and with whom), "Mark as done", and favourite and tried for one
 * activity, set independently: a favourite stays a favourite once it is tried or done, and
 * "tried" means done at least once (marking it done makes it tried).
 */
export function ActivityStatusControls({
  activityId,
  defaultMinutes,
  defaultChildIds,
}: {
  activityId: string;
  defaultMinutes: number;
  /** Who is playing, as the page it was opened from chose them. */
  defaultChildIds?: readonly string[];
}) {
  const records = useUserActivities();
  const setMark = useSetUserActivityMark();
  const clearMark = useClearUserActivityMark();
  const record = records.data?.find((r) => r.activityId === activityId);
  const favorite = record?.favorite ?? false;
  const tried = record?.tried ?? false;
  const busy = records.isPending || setMark.isPending || clearMark.isPending;
  const failure = setMark.error ?? clearMark.error;

  const toggle = (mark: TUserActivityMark, on: boolean) => {
    if (on) clearMark.mutate({ activityId, mark });
    else setMark.mutate({ activityId, mark });
  };

  return (
    <Stack spacing={1}>
      {record?.completedAt != null && <LastDone record={record} variant="activity" />}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <MarkDoneButton
          activityId={activityId}
          defaultMinutes={defaultMinutes}
          defaultChildIds={defaultChildIds}
        />
        <Button
          variant={favorite ? 'contained' : 'outlined'}
          color="secondary"
          aria-pressed={favorite}
          startIcon={favorite ? <FavoriteIcon /> : <FavoriteBorderIcon />}
          disabled={busy}
          onClick={() => toggle('favorite', favorite)}
        >
          Favourite
        </Button>
        <Button
          variant={tried ? 'contained' : 'outlined'}
          aria-pressed={tried}
          startIcon={<TaskAltIcon />}
          disabled={busy}
          onClick={() => toggle('tried', tried)}
        >
          {tried ? 'Tried' : 'Mark as tried'}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {favorite || tried
          ? `Listed under ${[favorite && 'Favourites', tried && 'Tried'].filter(Boolean).join(' and ')} in My Activities. Press a highlighted button again to remove it from there.`
          : 'Keep it in My Activities as a favourite, or mark it once you have tried it.'}
      </Typography>
      {failure !== null && <Alert severity="error">{describeError(failure)}</Alert>}
    </Stack>
  );
}
