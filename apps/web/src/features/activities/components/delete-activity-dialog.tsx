import type { TActivity } from '@kkb/core/activities/schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Dialog } from '../../../components/dialog/dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { describeError } from '../../../lib/api-client';
import { useDeleteActivity } from '../api/delete-activity';

/** Asks before deleting an own activity (its favourite or tried mark goes with it). */
export function DeleteActivityDialog({
  activity,
  onClose,
}: {
  activity: TActivity | null;
  onClose: () => void;
}) {
  const remove = useDeleteActivity();
  return (
    <Dialog
      open={activity !== null}
      onClose={onClose}
      aria-labelledby="delete-activity-title"
      aria-describedby="delete-activity-text"
    >
      <DialogTitle id="delete-activity-title">Delete this activity?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-activity-text">
          &ldquo;{activity?.title}&rdquo; will be deleted for good, along with its favourite or
          tried mark.
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(remove.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          loading={remove.isPending}
          onClick={() => {
            if (activity === null) return;
            remove.mutate(activity.id, { onSuccess: onClose });
          }}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
