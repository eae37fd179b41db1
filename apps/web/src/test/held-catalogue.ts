import { CATEGORIES } from '@kkb/core/activities/categories';
import type { TActivity } from '@kkb/core/activities/schema';
import type { QueryClient } from '@tanstack/react-query';
import { DEVICE_CATALOGUE_KEY } from '../features/activities/api/held-catalogue';
import type { DeviceCatalogue } from '../lib/device-catalogue';
import { testUser } from './auth-fixtures';

/** A catalogue as the device holds it (issue 30): these built-in activities and own ones. */
export function deviceCatalogue(
  activities: readonly TActivity[],
  ownActivities: readonly TActivity[] = [],
): DeviceCatalogue {
  return {
    version: 'v1-own',
    builtIn: { version: 'v1', activities: [...activities], categories: [...CATEGORIES] },
    ownActivities: [...ownActivities],
    userId: testUser.id,
    savedAt: Date.now(),
  };
}

/** `queryClient` holding `catalogue`, as after the app put it back from IndexedDB. */
export function holdCatalogue(queryClient: QueryClient, catalogue: DeviceCatalogue): QueryClient {
  queryClient.setQueryData(DEVICE_CATALOGUE_KEY, catalogue);
  return queryClient;
}
