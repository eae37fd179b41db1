import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AsOfNotice } from '../../../components/feedback/as-of-notice';
import { PageError } from '../../../components/feedback/page-error';
import { useSavedSince } from '../../../hooks/use-saved-since';
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
import { ProfileSectionNav } from '../components/profile-section-nav';
import type { ProfileSectionId } from '../components/profile-sections';
import { useFamilyPermissions } from '../components/use-family-permissions';
import { useJumpToProfileSection } from '../components/use-jump-to-profile-section';

/**
 * `/profile`: everything the wizard asked, plus preferences, the family's members, appearance and
 * the account. A member sees forms only for what their role lets them change. Links at the top
 * lead to each section, and the address's fragment opens the page at one (`/profile#members`).
 */
export function ProfilePage() {
  const profile = useProfile();
  const family = useFamily();
  const { role, can } = useFamilyPermissions();
  const savedSince = useSavedSince(profile, family);
  const editsProfile = can('profile.edit');
  // Which forms to show depends on the role: wait for it rather than show them and take them away.
  const loading = profile.isPending || (role === undefined && !family.isError);
  const shown = loading ? null : (profile.data ?? null);
  useJumpToProfileSection(shown !== null);
  const sections: ProfileSectionId[] = [
    'family',
    'children',
    'members',
    ...(editsProfile ? (['location', 'preferences'] as const) : []),
    'notifications',
    'appearance',
    'account',
  ];
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
        {shown !== null && (
          <>
            <AsOfNotice since={savedSince} />
            <ProfileSectionNav sections={sections} />
            <FamilySection profile={shown} editable={editsProfile} />
            <ChildrenSection
              childList={shown.familyInfo.children}
              editable={can('children.edit')}
            />
            <FamilyMembersSection familyName={shown.familyInfo.familyName} />
            {editsProfile && (
              <>
                <LocationSection profile={shown} />
                <PreferencesSection preferences={shown.preferences} />
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
