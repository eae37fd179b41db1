import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { configure } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { renderWithShell } from '../../../test/render';

// Pages load in steps (profile, then weather, then recommendations); on a busy machine that takes
// longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5_000 });

/** Shows the router's current URL, so tests can read what a page put there. */
function CurrentUrl() {
  const location = useLocation();
  return <output data-testid="current-url">{location.pathname + location.search}</output>;
}

/**
 * Renders `page` at `path` (a route pattern) opened at `url`, with the app's providers and a new
 * query client of the app's, unless the test brings one (filled beforehand).
 */
export function renderPage(
  page: ReactElement,
  {
    path,
    url,
    queryClient = createQueryClient(),
  }: { path: string; url: InitialEntry; queryClient?: QueryClient },
) {
  return renderWithShell(
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <CurrentUrl />
    </QueryClientProvider>,
    { route: url },
  );
}

/** The query string of every request `fetch` got for `path`. */
export function queriesTo(fetchMock: { mock: { calls: unknown[][] } }, path: string): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.search);
}
