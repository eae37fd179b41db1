import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';

/**
 * Renders the real route table at `path` in a memory router, in StrictMode as app/start.tsx does
 * (effects run twice, which must not spend one-time codes twice). Returns the location shown last
 * and every path shown on the way there.
 */
export function renderApp(path: string, { queryClient }: { queryClient?: QueryClient } = {}) {
  const shown: Location[] = [];
  const visited: string[] = [];
  function LocationRecorder() {
    const location = useLocation();
    // During the commit that shows the location, so a test that has just found the page finds
    // the location too (a passive effect may run after the page is already in the document).
    useLayoutEffect(() => {
      shown.push(location);
      if (visited.at(-1) !== location.pathname) visited.push(location.pathname);
    }, [location]);
    return null;
  }
  const location = () => {
    const last = shown.at(-1);
    if (last === undefined) throw new Error('the app has not rendered yet');
    return last;
  };
  render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationRecorder />
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
  return { location, visited };
}
