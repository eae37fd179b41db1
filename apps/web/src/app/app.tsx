import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from '../components/feedback/error-boundary';
import { FullPageError } from '../components/feedback/full-page-error';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * Providers around the router. Route errors get the error screens of the route table; the boundary
 * here catches what fails outside any route, with the same full-page error. The browser and the
 * build's prerender (src/prerender.tsx) wrap their own router in it, so their markup matches.
 */
export function AppShell({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <AppProviders queryClient={queryClient} savedQueries>
      <ErrorBoundary fallback={({ reset }) => <FullPageError reset={reset} />}>
        {children}
      </ErrorBoundary>
    </AppProviders>
  );
}

/**
 * The app in the browser: the route table of router.tsx, with the query client that app/start.tsx
 * may have started filling already.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppShell queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppShell>
  );
}
