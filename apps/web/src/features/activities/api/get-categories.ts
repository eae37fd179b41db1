import type { TCategory } from '@kkb/core/activities/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { keptOffline } from '../../../lib/offline-caches';
import { useDeviceCatalogue } from './held-catalogue';

/** `GET /activities/categories`: the five built-in categories. */
export async function getCategories(signal?: AbortSignal): Promise<TCategory[]> {
  const { categories } = await apiGet<{ categories: TCategory[] }>(
    '/api/v1/activities/categories',
    { signal },
  );
  return categories;
}

export function getCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['activities', 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
    ...keptOffline,
    // The categories are part of the catalogue: they change only with a new release.
    staleTime: Infinity,
  });
}

/** The categories: those of the catalogue the device holds, else the server's. */
export function useCategories() {
  const held = useDeviceCatalogue()?.builtIn.categories;
  return useQuery({
    ...getCategoriesQueryOptions(),
    enabled: held === undefined,
    placeholderData: held,
  });
}
