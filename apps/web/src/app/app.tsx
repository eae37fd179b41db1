import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from '../components/feedback/error-boundary';
import { FullPageError } from '../components/feedback/full-page-error';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/**
 * Providers around the router. Route errors get the router's error screens; the boundary here
 * catches what fails outside any route, with the same full-page error. The browser and the
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
  const [router] = useState(createAppRouter);
  return (
    <AppShell>
      <RouterProvider router={router} />
    </AppShell>
  );
}
