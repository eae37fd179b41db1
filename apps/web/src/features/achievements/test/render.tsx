import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createQueryClient } from '../../../lib/query-client';
import { renderWithShell } from '../../../test/render';

/** Renders with the app shell's providers and a fresh query cache; returns the cache too. */
export function renderWithQuery(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient: QueryClient = createQueryClient();
  const result = renderWithShell(
    <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>,
    {
      route,
    },
  );
  return { ...result, queryClient };
}
