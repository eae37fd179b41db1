// Inter as one variable font: the four weights the app uses (400 to 700) in one file, about half
// the bytes of four static ones; font-display: swap, so text shows at once in a fallback font.
import '@fontsource-variable/inter/wght.css';
import CssBaseline from '@mui/material/CssBaseline';
import { THEME_ID } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { preloadAlert } from '../components/feedback/deferred-alert';
import { ConnectivityBanners } from '../components/shell/connectivity-banners';
import { useResolvedColorMode } from '../hooks/use-color-mode';
import { ConnectivityProvider } from '../hooks/use-connectivity';
import { restoreDeviceCatalogue } from '../features/activities/api/held-catalogue';
import { hasSessionMarker } from '../lib/api-client';
import { keepQueriesSaved, restoreQueries } from '../lib/offline-caches';
import { createQueryClient } from '../lib/query-client';
import { themeFor } from './theme';

/**
 * Puts the queries saved for offline use, and the catalogue the device holds, back into the cache
 * before any query fetches (they wait while `IsRestoringProvider` says so), then keeps saving the
 * queries as they change. Without a sign-in to restore there is nothing saved to put back
 * (signing out clears it), so nothing waits.
 */
function SavedQueries({ client, children }: { client: QueryClient; children: ReactNode }) {
  const [restoring, setRestoring] = useState(hasSessionMarker);
  useEffect(() => {
    let cancelled = false;
    let stopSaving: (() => void) | undefined;
    const restoring = hasSessionMarker()
      ? Promise.all([
          // Without IndexedDB (some private modes) the app simply starts with an empty cache.
          restoreQueries(client).catch(() => undefined),
          restoreDeviceCatalogue(client),
        ]).then(([restored]) => restored)
      : Promise.resolve(undefined);
    void restoring.then((restored) => {
      if (cancelled) return;
      stopSaving = keepQueriesSaved(client, restored);
      // Every query on the page renders again: as a transition, in slices a tap can interrupt.
      startTransition(() => setRestoring(false));
    });
    return () => {
      cancelled = true;
      stopSaving?.();
    };
  }, [client]);
  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}

/**
 * Everything the app needs around its routes: theme, server-state cache (kept for offline use),
 * and connectivity with its banners (they show on every page, signed in or not).
 */
export function AppProviders({
  children,
  queryClient,
  savedQueries = queryClient === undefined,
}: {
  children: ReactNode;
  /** The app's client (app/start.tsx) or a test's; without one, a new client. */
  queryClient?: QueryClient;
  /** Whether answers are kept for offline use; tests that pass their own client keep none. */
  savedQueries?: boolean;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // The first page has painted: what its alerts are drawn with comes now, before any is needed.
  useEffect(() => void preloadAlert(), []);
  const mode = useResolvedColorMode();
  // The mode as a class on <html> too, as MUI's own provider does, for styles outside the theme.
  useEffect(() => {
    document.documentElement.classList.toggle('dark', mode === 'dark');
    document.documentElement.classList.toggle('light', mode === 'light');
  }, [mode]);
  return (
    // MUI's own ThemeProvider also carries its CSS-variables provider (color schemes), which this
    // app's plain themes never use; the system one under MUI's theme id is its plain half.
    <ThemeProvider themeId={THEME_ID} theme={themeFor(mode)}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={client}>
        <ConnectivityProvider>
          {savedQueries ? <SavedQueries client={client}>{children}</SavedQueries> : children}
          <ConnectivityBanners />
        </ConnectivityProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
