import type { TNotification } from '@kkb/core/notifications/schema';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DoneIcon from '@mui/icons-material/Done';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { Link as RouterLink } from 'react-router';
import { NOTIFICATION_KINDS } from './notification-kinds';
import { formatRelativeTime } from './relative-time';
import { whenFirstUsed } from '../../../lib/when-first-used';

const fullDate = whenFirstUsed(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

/** The app path a notification opens, if it names one (core checks it is one of ours). */
export function linkOf(notification: TNotification): string | undefined {
  const link = notification.data.link;
  return typeof link === 'string' ? link : undefined;
}

/**
 * One notification: its kind's icon, title, message and age. Unread ones are tinted, bold and
 * say so to screen readers. With a link, the whole card opens it (the title is the link; its
 * area stretches over the card) and opening marks it read.
 */
export function NotificationItem({
  notification,
  now,
  onOpen,
  onMarkRead,
  onDelete,
}: {
  notification: TNotification;
  now: Date;
  onOpen: (notification: TNotification) => void;
  onMarkRead: (notification: TNotification) => void;
  onDelete: (notification: TNotification) => void;
}) {
  const kind = NOTIFICATION_KINDS[notification.type];
  const link = linkOf(notification);
  const unread = !notification.read;
  const title = (
    <>
      {unread && (
        <Box
          component="span"
          aria-hidden
          sx={{
            display: 'inline-block',
            width: 8,
            height: 8,
            mr: 1,
            borderRadius: '50%',
            bgcolor: 'secondary.main',
            verticalAlign: 'middle',
          }}
        />
      )}
      {notification.title}
      {unread && (
        <Box component="span" sx={visuallyHidden}>
          {' '}
          (unread)
        </Box>
      )}
    </>
  );

  return (
    <Box
      component="li"
      sx={(theme) => ({
        position: 'relative',
        display: 'flex',
        gap: 1.5,
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: unread ? alpha(theme.palette.primary.main, 0.4) : 'divider',
        // A tint over the paper, not instead of it: the floating background must not show through.
        bgcolor: 'background.paper',
        backgroundImage: unread ? tint(theme.palette.primary.main, 0.06) : 'none',
        ...(link !== undefined && {
          '&:hover': { backgroundImage: tint(theme.palette.primary.main, unread ? 0.1 : 0.04) },
          '&:focus-within': { outline: `2px solid ${theme.palette.primary.main}` },
        }),
      })}
    >
      <Avatar sx={{ bgcolor: `${kind.color}.main`, color: `${kind.color}.contrastText` }}>
        <kind.Icon aria-hidden />
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: unread ? 700 : 500, lineHeight: 1.3, overflowWrap: 'anywhere' }}
        >
          {link === undefined ? (
            title
          ) : (
            <Link
              component={RouterLink}
              to={link}
              onClick={() => onOpen(notification)}
              color="inherit"
              underline="hover"
              // The link's area covers the whole card, so a tap anywhere on it opens it.
              sx={{ '&::after': { content: '""', position: 'absolute', inset: 0 } }}
            >
              {title}
            </Link>
          )}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 0.25, overflowWrap: 'anywhere' }}
        >
          {notification.message}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', mt: 0.5, gap: 1 }}>
          <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
            <time
              dateTime={notification.createdAt}
              title={fullDate().format(new Date(notification.createdAt))}
            >
              {formatRelativeTime(notification.createdAt, now)}
            </time>
            {` · ${kind.label}`}
          </Typography>
          {/* Above the stretched link, so they stay buttons of their own. */}
          <Stack direction="row" sx={{ position: 'relative', zIndex: 1, my: -0.5 }}>
            {unread && (
              <Tooltip title="Mark as read">
                <IconButton
                  size="small"
                  aria-label={`Mark as read: ${notification.title}`}
                  onClick={() => onMarkRead(notification)}
                >
                  <DoneIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            <Tooltip title="Delete">
              <IconButton
                size="small"
                aria-label={`Delete: ${notification.title}`}
                onClick={() => onDelete(notification)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </Stack>
      </Box>
    </Box>
  );
}

function tint(color: string, opacity: number): string {
  const layer = alpha(color, opacity);
  return `linear-gradient(${layer}, ${layer})`;
}
