import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { readDeviceCatalogue, type DeviceCatalogue } from '../../../lib/device-catalogue';
import { currentUserId } from '../../../lib/offline-caches';

/*
 * The catalogue the device holds, as the pages read it: from the query cache, where it is put
 * back from IndexedDB as the app starts. Kept current by get-catalogue.ts (`GET /catalogue`),
 * which loads after the first paint: this part is what the first route needs.
 */

/**
 * The catalogue's query key: under 'activities', so that whatever makes the family's activities
 * stale (an own activity added here, or by another member: its live event) has it revalidated.
 */
export const DEVICE_CATALOGUE_KEY = ['activities', 'catalogue'] as const;

/** The catalogue in `client`, if the device holds one. */
export function heldCatalogue(client: QueryClient): DeviceCatalogue | undefined {
  return client.getQueryData<DeviceCatalogue>(DEVICE_CATALOGUE_KEY);
}

const restoring = new WeakMap<QueryClient, Promise<void>>();

/**
 * Puts the catalogue stored for the user (or the one whose sign-in waits to be restored) into
 * `client`, as the app starts: every page that reads activities has it before it asks. Once per
 * client: a second call answers the first one's promise.
 */
export function restoreDeviceCatalogue(client: QueryClient): Promise<void> {
  const started = restoring.get(client);
  if (started !== undefined) return started;
  const userId = currentUserId();
  const restored =
    userId === null
      ? Promise.resolve()
      : readDeviceCatalogue(userId)
          .then((stored) => {
            if (stored === undefined || heldCatalogue(client) !== undefined) return;
            client.setQueryData(DEVICE_CATALOGUE_KEY, stored, { updatedAt: stored.savedAt });
          })
          // Without IndexedDB the device simply holds no catalogue.
          .catch(() => undefined);
  restoring.set(client, restored);
  return restored;
}

/** Settles once the stored catalogue has been put back (at once when nothing is being restored). */
export function deviceCatalogueRestored(client: QueryClient): Promise<void> {
  return restoring.get(client) ?? Promise.resolve();
}

const CATALOGUE_HASH = hashKey(DEVICE_CATALOGUE_KEY);

/** The catalogue the device holds and when it was last fetched or confirmed (ms since the epoch). */
export interface HeldCatalogueState {
  catalogue: DeviceCatalogue;
  confirmedAt: number;
}

/**
 * The catalogue the device holds with when it was confirmed, once loaded; undefined when it holds
 * none (a first visit, or storage unavailable). Reading never fetches: the app keeps it current
 * (get-catalogue.ts). Read from the query cache without an observer of its own: an observer
 * without a query function would become the query's options, and the refetch that the family's
 * changed activities ask for would then have nothing to run.
 */
export function useHeldCatalogueState(): HeldCatalogueState | undefined {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === CATALOGUE_HASH) onChange();
      }),
    [client],
  );
  const read = useCallback(
    () => client.getQueryState<DeviceCatalogue>(DEVICE_CATALOGUE_KEY),
    [client],
  );
  const state = useSyncExternalStore(subscribe, read, read);
  return state?.data === undefined
    ? undefined
    : { catalogue: state.data, confirmedAt: state.dataUpdatedAt };
}

/** The catalogue the device holds, once loaded; undefined when it holds none. */
export function useDeviceCatalogue(): DeviceCatalogue | undefined {
  return useHeldCatalogueState()?.catalogue;
}
