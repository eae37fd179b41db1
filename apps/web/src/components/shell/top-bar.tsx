import NotificationsIcon from '@mui/icons-material/Notifications';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { deferredComponent } from '../../lib/deferred-component';
import { ConnectivityChip } from './connectivity-chip';
import { Logo } from './logo';

/** The badge shows at most 99 (spec §9). */
export const NOTIFICATION_BADGE_CAP = 99;

const badge = deferredComponent(
  async () => (await import('./notifications-badge')).NotificationsBadge,
);

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
  useEffect(() => badge.preload(), []);
  const bell = <NotificationsIcon />;
  return (
    // What MUI's AppBar draws with position sticky and color inherit, without its colour logic.
    <Paper
      component="header"
      square
      elevation={1}
      sx={(theme) => ({ position: 'sticky', top: 0, zIndex: theme.zIndex.appBar })}
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
          {unreadNotifications ? (
            <Suspense fallback={bell}>
              <badge.Component unread={unreadNotifications} max={NOTIFICATION_BADGE_CAP} />
            </Suspense>
          ) : (
            bell
          )}
        </IconButton>
        <ConnectivityChip />
        {userSlot}
      </Toolbar>
    </Paper>
  );
}
