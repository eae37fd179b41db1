import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { Suspense, useEffect, type ReactNode } from 'react';
import { deferredComponent } from '../../lib/deferred-component';
import { BOTTOM_NAV_HEIGHT_PX, BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';

/** Decorative only: drawn once its chunk is in, after the first paint. */
const background = deferredComponent(
  async () => (await import('./floating-background')).FloatingBackground,
);

/**
 * The frame of every signed-in page (spec §2): top bar, floating background, the page in a
 * `<main>` no wider than lg, and the bottom navigation below md.
 */
export function PageFrame({
  children,
  userSlot,
  unreadNotifications,
}: {
  children: ReactNode;
  userSlot?: ReactNode;
  unreadNotifications?: number;
}) {
  useEffect(() => background.preload(), []);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Link
        href="#main-content"
        sx={(theme) => ({
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: theme.zIndex.tooltip,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        })}
      >
        Skip to content
      </Link>
      <Suspense fallback={null}>
        <background.Component />
      </Suspense>
      <TopBar userSlot={userSlot} unreadNotifications={unreadNotifications} />
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        maxWidth="lg"
        sx={{
          position: 'relative',
          zIndex: 1,
          flexGrow: 1,
          pt: { xs: 2, md: 4 },
          // Below md the fixed bottom navigation covers the bottom of the viewport.
          pb: {
            xs: `calc(${BOTTOM_NAV_HEIGHT_PX}px + env(safe-area-inset-bottom) + 24px)`,
            md: 4,
          },
        }}
      >
        {children}
      </Container>
      <BottomNav />
    </Box>
  );
}
