import { useEffect } from 'react';
import { useRevalidator, useRouteError } from 'react-router';
import { FullPageError } from '../../components/feedback/full-page-error';
import { PageError } from '../../components/feedback/page-error';

/** Reports the error once and returns "try again": a revalidation clears the router's error state. */
function useRouteErrorReset(): () => void {
  const error = useRouteError();
  const revalidator = useRevalidator();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return () => void revalidator.revalidate();
}

/** The root route's error screen: the full-page error of spec §2. */
export function RootRouteError() {
  const reset = useRouteErrorReset();
  return <FullPageError reset={reset} />;
}

/** A page's own error: the page error card of spec §2, inside the frame when the page has one. */
export function PageRouteError() {
  const reset = useRouteErrorReset();
  return <PageError reset={reset} />;
}
