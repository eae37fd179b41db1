import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { PushDeviceControl } from '../../../components/push/push-device-control';
import { ProfileSection } from './profile-section';
import { PushDevices } from './push-devices';

/**
 * The user's own notification settings (every member has them, whatever the role): push on this
 * device and the devices that get push here, the rest on the settings page.
 */
export function NotificationsSection() {
  return (
    <ProfileSection
      section="notifications"
      description="Choose which notifications you get, when the daily summary comes, and your quiet hours."
    >
      <Stack spacing={2}>
        <PushDeviceControl />
        <PushDevices />
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
