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
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <AppProviders>
      <ErrorBoundary fallback={({ reset }) => <FullPageError reset={reset} />}>
        {children}
      </ErrorBoundary>
    </AppProviders>
  );
}

/** The app in the browser: the route table of router.tsx. */
export function App() {
  return (
    <AppShell>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppShell>
  );
}
