import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
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
