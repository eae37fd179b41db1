import Typography from '@mui/material/Typography';

/** The guarded 'Notifications' page; its content comes with the issue that builds this feature. */
export function NotificationsPage() {
  return (
    <Typography component="h1" variant="h4">
      Notifications
    </Typography>
  );
}
