import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../../lib/api-client';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { ConfirmDialog } from './confirm-dialog';
import { useFeedback } from './feedback';
import { ProfileSection } from './profile-section';

/** Signing out of every device at once, e.g. after losing a phone. */
export function AccountSection() {
  const notify = useFeedback();
  const navigate = useNavigate();
  const signOut = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await signOut.mutateAsync();
      await navigate('/login', { replace: true });
    } catch (error) {
      setConfirming(false);
      notify(describeError(error), 'error');
    }
  };

  return (
    <ProfileSection
      title="Account"
      description="Signed in on a device you no longer use? End every sign-in, this one included."
    >
      <Button
        variant="outlined"
        color="error"
        startIcon={<LogoutIcon />}
        onClick={() => setConfirming(true)}
      >
        Sign out of all devices
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Sign out of all devices?"
        text="Every device signed in to this account, this one included, will have to sign in again."
        confirmLabel="Sign out everywhere"
        loading={signOut.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </ProfileSection>
  );
}
