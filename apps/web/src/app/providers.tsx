// Inter as one variable font: the four weights the app uses (400 to 700) in one file, about half
// the bytes of four static ones; font-display: swap, so text shows at once in a fallback font.
import '@fontsource-variable/inter/wght.css';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConnectivityBanners } from '../components/shell/connectivity-banners';
import { ConnectivityProvider } from '../hooks/use-connectivity';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';

/**
 * Everything the app needs around its routes: theme, server-state cache, and connectivity with
 * its banners (they show on every page, signed in or not).
 */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests pass their own client; the app creates one. */
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme} defaultMode="light">
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={client}>
        <ConnectivityProvider>
          {children}
          <ConnectivityBanners />
        </ConnectivityProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
