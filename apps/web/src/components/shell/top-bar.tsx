import NotificationsIcon from '@mui/icons-material/Notifications';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConnectivityChip } from './connectivity-chip';
import { Logo } from './logo';

/** The badge shows at most 99 (spec §9). */
export const NOTIFICATION_BADGE_CAP = 99;

// Compact on phones so the whole bar fits a 360 px screen.
const LINK_SX = { minWidth: 0, px: { xs: 0.75, sm: 1.5 }, whiteSpace: 'nowrap' } as const;

function notificationsLabel(unread: number | undefined): string {
  if (!unread) return 'Notifications';
  return unread > NOTIFICATION_BADGE_CAP
    ? `Notifications, more than ${NOTIFICATION_BADGE_CAP} unread`
    : `Notifications, ${unread} unread`;
}

/**
 * The top bar of the page frame (spec §2). Presentational: the app passes the unread count
 * and the user slot (user menu or Login button).
 */
export function TopBar({
  unreadNotifications,
  userSlot,
}: {
  /** Unread notifications; no badge when 0 or absent. */
  unreadNotifications?: number;
  userSlot?: ReactNode;
}) {
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={1}
      sx={{ bgcolor: 'background.paper', zIndex: (theme) => theme.zIndex.appBar }}
    >
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <Box
          component={RouterLink}
          to="/"
          sx={{ display: 'flex', alignItems: 'center', borderRadius: 1, mr: { xs: 0, sm: 2 } }}
        >
          <Logo size="medium" />
        </Box>
        <Box component="nav" aria-label="Top" sx={{ display: 'flex', gap: { xs: 0, sm: 1 } }}>
          <Button component={RouterLink} to="/ai-planner" color="inherit" sx={LINK_SX}>
            AI Plan
          </Button>
          <Button component={RouterLink} to="/activities" color="inherit" sx={LINK_SX}>
            Activities
          </Button>
          {/* Below md the bottom navigation leads there; above it this is the only way. */}
          <Button
            component={RouterLink}
            to="/my-activities"
            color="inherit"
            sx={{ ...LINK_SX, display: { xs: 'none', md: 'inline-flex' } }}
          >
            My Activities
          </Button>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <IconButton
          component={RouterLink}
          to="/notifications"
          color="inherit"
          sx={{ p: { xs: 0.75, sm: 1 } }}
          aria-label={notificationsLabel(unreadNotifications)}
        >
          <Badge
            badgeContent={unreadNotifications}
            max={NOTIFICATION_BADGE_CAP}
            color="secondary"
            invisible={!unreadNotifications}
          >
            <NotificationsIcon />
          </Badge>
        </IconButton>
        <ConnectivityChip />
        {userSlot}
      </Toolbar>
    </AppBar>
  );
}
