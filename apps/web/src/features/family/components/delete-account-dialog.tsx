import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Dialog } from '../../../components/dialog/dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../../lib/api-client';
import { useAuth } from '../../auth/components/use-auth';
import { useDeleteAccount } from '../api/delete-account';
import { useFamily } from '../api/get-family';

/** What goes with the account: the whole family for its last member, only the person otherwise. */
function consequence(lastMember: boolean, ownsSharedFamily: boolean): string {
  if (lastMember) {
    return (
      'You are the last member of your family, so the whole family is deleted with you: its ' +
      'profile, children, own activities, favourites, history, stats, achievements, progress ' +
      'and photos. Download your data first if you want to keep it.'
    );
  }
  if (ownsSharedFamily) {
    return (
      'You own a family that others share. Make another member the owner first (Family members ' +
      'above); then you can delete your account and the family stays with them.'
    );
  }
  return (
    'You leave your family; it keeps its children, activities and history with the other ' +
    'members, where you appear as a former member.'
  );
}

/** Asks for the password before deleting the account for good. */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const auth = useAuth();
  const family = useFamily();
  const navigate = useNavigate();
  const deletion = useDeleteAccount();
  const [password, setPassword] = useState('');
  const members = family.data?.members ?? [];
  const self = members.find((member) => member.userId === auth.user?.id);
  const lastMember = members.length <= 1;
  const ownsSharedFamily = !lastMember && self?.role === 'owner';

  const close = () => {
    setPassword('');
    deletion.reset();
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await deletion.mutateAsync(password === '' ? {} : { password });
      await navigate('/login', { replace: true });
    } catch {
      // The error is shown in the dialog.
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {consequence(lastMember, ownsSharedFamily)} This cannot be undone.
          </DialogContentText>
          {deletion.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {describeError(deletion.error)}
            </Alert>
          )}
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            helperText="Signed up with Google or Facebook? Leave it empty; you need to have signed in within the last 10 minutes."
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            loading={deletion.isPending}
            disabled={ownsSharedFamily}
          >
            Delete my account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
