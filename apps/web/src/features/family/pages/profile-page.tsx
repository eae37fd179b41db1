import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageError } from '../../../components/feedback/page-error';
import { useFamily } from '../api/get-family';
import { useProfile } from '../api/get-profile';
import { AccountSection } from '../components/account-section';
import { AppearanceSection } from '../components/appearance-section';
import { ChildrenSection } from '../components/children-section';
import { FamilyMembersSection } from '../components/family-members-section';
import { FamilySection } from '../components/family-section';
import { FeedbackProvider } from '../components/feedback';
import { LocationSection } from '../components/location-section';
import { NotificationsSection } from '../components/notifications-section';
import { PreferencesSection } from '../components/preferences-section';
import { useFamilyPermissions } from '../components/use-family-permissions';

/**
 * `/profile`: everything the wizard asked, plus preferences, the family's members, appearance and
 * the account. A member sees forms only for what their role lets them change.
 */
export function ProfilePage() {
  const profile = useProfile();
  const family = useFamily();
  const { role, can } = useFamilyPermissions();
  const editsProfile = can('profile.edit');
  // Which forms to show depends on the role: wait for it rather than show them and take them away.
  const loading = profile.isPending || (role === undefined && !family.isError);
  return (
    <FeedbackProvider>
      <Stack spacing={3} sx={{ maxWidth: 880, mx: 'auto' }}>
        <Typography component="h1" variant="h4">
          Profile Settings
        </Typography>
        {loading && (
          <Stack role="status" spacing={3} aria-label="Loading your profile">
            <Skeleton variant="rounded" height={240} />
            <Skeleton variant="rounded" height={240} />
          </Stack>
        )}
        {((profile.isError && profile.data === undefined) || profile.data === null) && (
          <PageError reset={() => void profile.refetch()} />
        )}
        {!loading && profile.data != null && (
          <>
            <FamilySection profile={profile.data} editable={editsProfile} />
            <ChildrenSection
              childList={profile.data.familyInfo.children}
              editable={can('children.edit')}
            />
            <FamilyMembersSection familyName={profile.data.familyInfo.familyName} />
            {editsProfile && (
              <>
                <LocationSection profile={profile.data} />
                <PreferencesSection preferences={profile.data.preferences} />
              </>
            )}
            <NotificationsSection />
            <AppearanceSection />
            <AccountSection />
          </>
        )}
      </Stack>
    </FeedbackProvider>
  );
}
