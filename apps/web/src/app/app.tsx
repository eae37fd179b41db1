import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from '../components/feedback/error-boundary';
import { FullPageError } from '../components/feedback/full-page-error';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/**
 * The app: providers around the route table. Route errors get the router's error screens; the
 * boundary here catches what fails outside any route, with the same full-page error.
 */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <ErrorBoundary fallback={({ reset }) => <FullPageError reset={reset} />}>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </AppProviders>
  );
}
