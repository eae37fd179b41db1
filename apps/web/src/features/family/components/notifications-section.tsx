import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { PushDeviceControl } from '../../../components/push/push-device-control';
import { ProfileSection } from './profile-section';

/**
 * The user's own notification settings (every member has them, whatever the role): push on this
 * device here, the rest on the settings page.
 */
export function NotificationsSection() {
  return (
    <ProfileSection
      title="Notifications"
      description="Choose which notifications you get, when the daily summary comes, and your quiet hours."
    >
      <Stack spacing={2}>
        <PushDeviceControl />
        <Button
          component={RouterLink}
          to="/notifications/settings"
          variant="outlined"
          startIcon={<NotificationsActiveIcon />}
          sx={{ alignSelf: 'flex-start' }}
        >
          Notification settings
        </Button>
      </Stack>
    </ProfileSection>
  );
}
