import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';

/**
 * The bell with its unread count. A chunk of its own, loaded after the first paint: the count
 * comes from the server after the page has drawn, and the bell alone shows until then.
 */
export function NotificationsBadge({ unread, max }: { unread: number; max: number }) {
  return (
    <Badge badgeContent={unread} max={max} color="secondary">
      <NotificationsIcon />
    </Badge>
  );
}
