import type { TBuiltInCatalogue } from '@kkb/core/activities/device-catalogue';
import type { TActivity } from '@kkb/core/activities/schema';
import { offlineDb, type StoredFamilyCatalogue } from './offline-db';

/**
 * The catalogue the device holds (issue 30, DESIGN "Local-first"): the built-in activities of one
 * version and the family's own, in IndexedDB (`kkb-offline`, store `catalogue`), so that every
 * page that reads activities works offline, even one never opened before.
 *
 * The built-in part is kept under its version (`built-in:<version>`) and the family's part under
 * `family`, naming the built-in version it goes with. A new version is written completely first
 * (its built-in part, under a key nothing reads yet), then switched to in one transaction that
 * writes the family's part and deletes the other built-in parts; a read takes both in one
 * transaction. So a reader never sees a mix of two versions, and a tab closed halfway leaves the
 * previous catalogue whole. Signing out forgets the family's part and keeps the built-in one,
 * which is public and the same for every family.
 */
export interface DeviceCatalogue {
  /** The whole catalogue's version (the ETag of `GET /catalogue`). */
  version: string;
  builtIn: TBuiltInCatalogue;
  ownActivities: TActivity[];
  /** The signed-in user it was fetched for. */
  userId: string;
  /** When it was fetched (ms since the epoch). */
  savedAt: number;
}

const FAMILY_KEY = 'family';
const builtInKey = (version: string) => `built-in:${version}`;
/** Every built-in part's key: from `built-in:` up to `built-in;` (`;` follows `:`). */
const builtInKeys = () => IDBKeyRange.bound('built-in:', 'built-in;', false, true);

function isFamilyPart(value: unknown): value is StoredFamilyCatalogue {
  return typeof value === 'object' && value !== null && 'builtInVersion' in value;
}

function isBuiltInPart(value: unknown): value is TBuiltInCatalogue {
  return typeof value === 'object' && value !== null && 'categories' in value;
}

/** The catalogue stored for `userId`, read in one transaction; undefined when there is none. */
export async function readDeviceCatalogue(userId: string): Promise<DeviceCatalogue | undefined> {
  const db = await offlineDb();
  const tx = db.transaction('catalogue');
  const family = await tx.store.get(FAMILY_KEY);
  if (!isFamilyPart(family) || family.userId !== userId) return undefined;
  const builtIn = await tx.store.get(builtInKey(family.builtInVersion));
  if (!isBuiltInPart(builtIn)) return undefined;
  const { version, ownActivities, savedAt } = family;
  return { version, builtIn, ownActivities, userId, savedAt };
}

/** A built-in part kept on the device (from an earlier sign-in, say), if it is there. */
export async function readBuiltInPart(version: string): Promise<TBuiltInCatalogue | undefined> {
  const db = await offlineDb();
  const part = await db.get('catalogue', builtInKey(version));
  return isBuiltInPart(part) ? part : undefined;
}

/** Writes a built-in part under its version; nothing reads it until `switchDeviceCatalogue`. */
export async function saveBuiltInPart(part: TBuiltInCatalogue): Promise<void> {
  const db = await offlineDb();
  await db.put('catalogue', part, builtInKey(part.version));
}

/**
 * Makes `catalogue` the one the device holds, in one transaction: its family part, naming its
 * built-in part (written before, with `saveBuiltInPart`), and no other built-in part left.
 */
export async function switchDeviceCatalogue(catalogue: DeviceCatalogue): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('catalogue', 'readwrite');
  const ownKey = builtInKey(catalogue.builtIn.version);
  // Nothing has been written in the transaction yet: it ends with nothing changed.
  if ((await tx.store.count(ownKey)) === 0) {
    throw new Error(`The built-in catalogue ${catalogue.builtIn.version} is not stored`);
  }
  const family: StoredFamilyCatalogue = {
    userId: catalogue.userId,
    version: catalogue.version,
    builtInVersion: catalogue.builtIn.version,
    ownActivities: catalogue.ownActivities,
    savedAt: catalogue.savedAt,
  };
  await tx.store.put(family, FAMILY_KEY);
  for (const key of await tx.store.getAllKeys(builtInKeys())) {
    if (key !== ownKey) await tx.store.delete(key);
  }
  await tx.done;
}

/** Sign-out: the family's own activities go; the public built-in part stays for the next sign-in. */
export async function forgetFamilyCatalogue(): Promise<void> {
  const db = await offlineDb();
  await db.delete('catalogue', FAMILY_KEY);
}

/** Every activity of the catalogue in list order: the built-in ones, then the family's own. */
const activitiesOf = new WeakMap<DeviceCatalogue, readonly TActivity[]>();

export function catalogueActivities(catalogue: DeviceCatalogue): readonly TActivity[] {
  let activities = activitiesOf.get(catalogue);
  if (!activities) {
    const { ownActivities } = catalogue;
    activities =
      ownActivities.length === 0
        ? catalogue.builtIn.activities
        : [...catalogue.builtIn.activities, ...ownActivities];
    activitiesOf.set(catalogue, activities);
  }
  return activities;
}

const byIdOf = new WeakMap<DeviceCatalogue, ReadonlyMap<string, TActivity>>();

/** The catalogue's activity with this id, if it has one. */
export function catalogueActivity(catalogue: DeviceCatalogue, id: string): TActivity | undefined {
  let byId = byIdOf.get(catalogue);
  if (!byId) {
    byId = new Map(catalogueActivities(catalogue).map((activity) => [activity.id, activity]));
    byIdOf.set(catalogue, byId);
  }
  return byId.get(id);
}
