import { isProfileComplete } from '@kkb/core/family/profile';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { PageError } from '../../../components/feedback/page-error';
import { useProfile } from '../api/get-profile';
import { SetupWizard } from '../components/setup-wizard';
import { useFamilyPermissions } from '../components/use-family-permissions';

/**
 * A family whose setup was already complete when they arrived is not asked again (spec §4); one
 * completing it here is sent on by the wizard itself.
 */
function SetupOrDone({ profile }: { profile: TFamilyProfile }) {
  const [completeOnArrival] = useState(() => isProfileComplete(profile));
  const { role, can } = useFamilyPermissions();
  if (completeOnArrival) return <Navigate to="/dashboard" replace />;
  // A caregiver invited before the family was set up cannot save the wizard's answers. (The
  // signed-in guard has loaded the role; unknown, the server still refuses what is not allowed.)
  if (role !== undefined && !can('profile.edit')) {
    return (
      <Alert severity="info">
        Your family is not set up yet. Ask its owner or a parent to add the children and your city;
        then the suggestions appear here.
      </Alert>
    );
  }
  return <SetupWizard profile={profile} />;
}

/** `/setup`: the wizard a new family goes through (family name, children, location). */
export function SetupPage() {
  const profile = useProfile();
  return (
    <Stack spacing={3}>
      <div>
        <Typography component="h1" variant="h4" gutterBottom>
          Set up your family
        </Typography>
        <Typography color="text.secondary">
          Three quick questions, and we&apos;ll suggest activities that fit your children.
        </Typography>
      </div>
      {profile.isPending && (
        <div role="status" aria-label="Loading your profile">
          <Skeleton variant="rounded" height={360} />
        </div>
      )}
      {(profile.isError || profile.data === null) && (
        <PageError reset={() => void profile.refetch()} />
      )}
      {profile.data != null && <SetupOrDone profile={profile.data} />}
    </Stack>
  );
}
