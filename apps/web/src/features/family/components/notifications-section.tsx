import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { ProfileSection } from './profile-section';

/** A link to the user's own notification settings: every member has them, whatever the role. */
export function NotificationsSection() {
  return (
    <ProfileSection
      title="Notifications"
      description="Choose which notifications you get, when the daily summary comes, and your quiet hours."
    >
      <Button
        component={RouterLink}
        to="/notifications/settings"
        variant="outlined"
        startIcon={<NotificationsActiveIcon />}
      >
        Notification settings
      </Button>
    </ProfileSection>
  );
}
