import type { TBuiltInCatalogue, TFamilyCatalogue } from '@kkb/core/activities/device-catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import {
  readBuiltInPart,
  saveBuiltInPart,
  switchDeviceCatalogue,
  type DeviceCatalogue,
} from '../../../lib/device-catalogue';
import { currentUserId } from '../../../lib/offline-caches';
import { DEVICE_CATALOGUE_KEY, heldCatalogue } from './held-catalogue';

/**
 * `GET /catalogue`: the family's own activities, the whole catalogue's version and where its
 * built-in part is. Undefined when `version` (sent as If-None-Match) is still current (304).
 */
export function getFamilyCatalogue(
  version: string | undefined,
  signal?: AbortSignal,
): Promise<TFamilyCatalogue | undefined> {
  return apiGet<TFamilyCatalogue | undefined>('/api/v1/catalogue', {
    signal,
    ...(version !== undefined && { ifNoneMatch: `"${version}"` }),
  });
}

/**
 * `GET /catalogue/builtin/{version}`, at the address `GET /catalogue` names: the built-in
 * activities and the categories of that version (public and immutable, so the browser's cache
 * may answer it).
 */
export function getBuiltInCatalogue(url: string, signal?: AbortSignal): Promise<TBuiltInCatalogue> {
  return apiGet<TBuiltInCatalogue>(url, { signal });
}

/** The built-in part of `version`: the one the device kept (it outlives a sign-out), else fetched. */
async function builtInPart(
  { version, url }: TFamilyCatalogue['builtIn'],
  signal: AbortSignal | undefined,
): Promise<TBuiltInCatalogue> {
  const kept = await readBuiltInPart(version).catch(() => undefined);
  if (kept !== undefined) return kept;
  const part = await getBuiltInCatalogue(url, signal);
  // Without storage (some private modes) the catalogue is held for this visit only.
  await saveBuiltInPart(part).catch(() => undefined);
  return part;
}

/**
 * The device's catalogue brought up to date: `held` is revalidated with its version (a 304 keeps
 * it); a new version is fetched (its built-in part only when that changed too), stored whole and
 * then switched to (lib/device-catalogue.ts), so what is stored is never a mix of two versions.
 */
export async function refreshDeviceCatalogue(
  held: DeviceCatalogue | undefined,
  signal?: AbortSignal,
): Promise<DeviceCatalogue> {
  const userId = currentUserId();
  if (userId === null) throw new Error('The catalogue is kept for a signed-in parent');
  const current = held?.userId === userId ? held : undefined;
  const family = await getFamilyCatalogue(current?.version, signal);
  if (family === undefined) {
    if (current === undefined) throw new Error('Not modified, yet nothing was held');
    return current;
  }
  const builtIn =
    current?.builtIn.version === family.builtIn.version
      ? current.builtIn
      : await builtInPart(family.builtIn, signal);
  const catalogue: DeviceCatalogue = {
    version: family.version,
    builtIn,
    ownActivities: family.ownActivities,
    userId,
    savedAt: Date.now(),
  };
  await switchDeviceCatalogue(catalogue).catch(() => undefined);
  return catalogue;
}

/**
 * The catalogue the device holds, as a query (its key and how pages read it: held-catalogue.ts),
 * fetched and revalidated here.
 */
export function getDeviceCatalogueQueryOptions() {
  return queryOptions({
    queryKey: DEVICE_CATALOGUE_KEY,
    queryFn: ({ client, signal }) => refreshDeviceCatalogue(heldCatalogue(client), signal),
    // Hundreds of activities: a new version replaces them whole, never compared field by field.
    structuralSharing: false,
    gcTime: Infinity,
  });
}

/**
 * Keeps the device's catalogue while `enabled` (a parent signed in): fetched when missing, and
 * revalidated when the app comes back to the foreground or online, and when the family's
 * activities change.
 */
export function useKeptDeviceCatalogue(enabled: boolean) {
  return useQuery({ ...getDeviceCatalogueQueryOptions(), enabled });
}
