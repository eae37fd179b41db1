import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { renderWithShell } from '../../../test/render';

/** Shows the router's current URL, so tests can read where a page went. */
function CurrentUrl() {
  const location = useLocation();
  return <output data-testid="current-url">{location.pathname + location.search}</output>;
}

/** Renders `page` at `path` opened at `url` (its route pattern is `path`), with a fresh cache. */
export function renderRoute(
  page: ReactElement,
  { path, url = path }: { path: string; url?: string },
) {
  const queryClient = createQueryClient();
  const result = renderWithShell(
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <CurrentUrl />
    </QueryClientProvider>,
    { route: url },
  );
  return { ...result, queryClient };
}
