import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AnimationIcon from '@mui/icons-material/Animation';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import ExploreIcon from '@mui/icons-material/Explore';
import HomeIcon from '@mui/icons-material/Home';
import TheaterComedyIcon from '@mui/icons-material/TheaterComedy';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink, useLocation } from 'react-router';

/** The mobile navigation of spec §2, in its order. */
export const BOTTOM_NAV_ITEMS = [
  { label: 'Home', to: '/', icon: <HomeIcon /> },
  { label: 'Activities', to: '/browse', icon: <ExploreIcon /> },
  { label: 'My Activities', to: '/my-activities', icon: <BookmarksIcon /> },
  { label: 'Theater', to: '/activity-theater', icon: <TheaterComedyIcon /> },
  { label: 'Animation', to: '/animation-studio', icon: <AnimationIcon /> },
  { label: 'Profile', to: '/profile', icon: <AccountCircleIcon /> },
] as const;

/** Height of the bar, so the page frame can keep content clear of it. */
export const BOTTOM_NAV_HEIGHT_PX = 64;

// Six items share a phone's width: labels may wrap to two lines, icons stay on one row.
const ACTION_SX = {
  minWidth: 0,
  px: 0.25,
  pt: 1,
  justifyContent: 'flex-start',
  '& .MuiBottomNavigationAction-label, & .MuiBottomNavigationAction-label.Mui-selected': {
    fontSize: 11,
    lineHeight: 1.2,
    textAlign: 'center',
    mt: 0.25,
  },
} as const;

/** Home links to / (spec §2), which a signed-in parent finds as /dashboard. */
const HOME_PATHS = new Set(['/', '/dashboard', '/home']);

function selectedPath(pathname: string): string | false {
  const item = BOTTOM_NAV_ITEMS.find(({ to }) =>
    to === '/' ? HOME_PATHS.has(pathname) : pathname === to || pathname.startsWith(`${to}/`),
  );
  return item ? item.to : false;
}

/** Bottom navigation, shown only below the md breakpoint (spec §2, §9). */
export function BottomNav() {
  const theme = useTheme();
  // Read at once: on a phone the bar is in the first render, not added by a second one.
  const belowMd = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { pathname } = useLocation();
  if (!belowMd) return null;
  return (
    <Paper
      component="nav"
      aria-label="Bottom"
      elevation={8}
      sx={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation value={selectedPath(pathname)} sx={{ height: BOTTOM_NAV_HEIGHT_PX }}>
        {BOTTOM_NAV_ITEMS.map(({ label, to, icon }) => (
          <BottomNavigationAction
            key={to}
            component={RouterLink}
            to={to}
            value={to}
            label={label}
            icon={icon}
            showLabel
            aria-current={selectedPath(pathname) === to ? 'page' : undefined}
            sx={ACTION_SX}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
