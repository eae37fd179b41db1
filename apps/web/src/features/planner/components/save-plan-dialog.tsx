import { PLAN_TITLE_MAX_LENGTH } from '@kkb/core/planner/schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Dialog } from '../../../components/dialog/dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';

/** Names the plan before it is saved. */
export function SavePlanDialog({
  open,
  initialTitle,
  pending,
  error,
  onSave,
  onClose,
}: {
  open: boolean;
  initialTitle: string;
  pending: boolean;
  error: string | null;
  onSave: (title: string) => void;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(initialTitle);
  const titleId = useId();
  const empty = title.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!empty) onSave(title.trim());
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Save this plan</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            label="Name"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            fullWidth
            autoFocus
            error={empty}
            helperText={empty ? 'Give the plan a name' : ' '}
            slotProps={{ htmlInput: { maxLength: PLAN_TITLE_MAX_LENGTH } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={pending} disabled={empty}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
