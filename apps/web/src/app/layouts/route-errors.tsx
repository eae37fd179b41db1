import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary, type ErrorFallbackProps } from '../../components/feedback/error-boundary';
import { FullPageError } from '../../components/feedback/full-page-error';
import { PageError } from '../../components/feedback/page-error';

/** An error boundary that a navigation clears, as the router's own route errors were. */
function RouteErrorBoundary({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback: (props: ErrorFallbackProps) => ReactNode;
}) {
  return (
    <ErrorBoundary resetKey={useLocation().key} fallback={fallback}>
      {children}
    </ErrorBoundary>
  );
}

/** Around the root route: the full-page error of spec §2. */
export function RootRouteErrors({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary fallback={({ reset }) => <FullPageError reset={reset} />}>
      {children}
    </RouteErrorBoundary>
  );
}

/** Around a page: the page error card of spec §2, inside the frame when the page has one. */
export function PageRouteErrors({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary fallback={({ reset }) => <PageError reset={reset} />}>
      {children}
    </RouteErrorBoundary>
  );
}
