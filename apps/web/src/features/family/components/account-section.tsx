import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../../lib/api-client';
import { useExportFamilyData } from '../api/export-family-data';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { useFeedback } from './feedback';
import { ProfileSection } from './profile-section';

/**
 * Signing out of every device at once (e.g. after losing a phone), taking the family's data away
 * as a ZIP, and deleting the account.
 */
export function AccountSection() {
  const notify = useFeedback();
  const navigate = useNavigate();
  const signOut = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const exportData = useExportFamilyData();

  const download = async () => {
    try {
      await exportData.mutateAsync();
    } catch (error) {
      notify(describeError(error), 'error');
    }
  };

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
      section="account"
      description="Signed in on a device you no longer use? End every sign-in, this one included. Take your family's data with you, or delete your account."
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          loading={exportData.isPending}
          onClick={() => void download()}
        >
          Download our data
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<LogoutIcon />}
          onClick={() => setConfirming(true)}
        >
          Sign out of all devices
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteForeverIcon />}
          onClick={() => setDeleting(true)}
        >
          Delete my account
        </Button>
      </Stack>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
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
