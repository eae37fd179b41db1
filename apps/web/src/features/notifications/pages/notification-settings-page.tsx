import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageError } from '../../../components/feedback/page-error';
import { primaryTextSx } from '../../../components/layout/primary-text';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { NotificationSettingsForm } from '../components/notification-settings-form';
import { NoCachedData } from '../../../components/feedback/no-cached-data';
import { isOfflineWithoutData } from '../../../lib/offline-caches';

/** `/notifications/settings`: which notifications the user gets, and when. */
export function NotificationSettingsPage() {
  const preferences = useNotificationPreferences();
  let content;
  if (preferences.data !== undefined) {
    content = <NotificationSettingsForm preferences={preferences.data} />;
  } else if (preferences.isError) {
    content = <PageError reset={() => void preferences.refetch()} />;
  } else if (isOfflineWithoutData(preferences)) {
    content = <NoCachedData />;
  } else {
    content = (
      <Stack role="status" aria-label="Loading your settings" spacing={2}>
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={320} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Button
        component={RouterLink}
        to="/notifications"
        startIcon={<ArrowBackIcon />}
        sx={(theme) => ({ alignSelf: 'flex-start', ...primaryTextSx(theme) })}
      >
        Notifications
      </Button>
      <Typography component="h1" variant="h4">
        Notification settings
      </Typography>
      {content}
    </Stack>
  );
}
