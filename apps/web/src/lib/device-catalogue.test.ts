import { CATEGORIES } from '@kkb/core/activities/categories';
import type { TBuiltInCatalogue } from '@kkb/core/activities/device-catalogue';
import { makeActivity } from '@kkb/core/activities/test-activity';
import { afterEach, describe, expect, it } from 'vitest';
import {
  catalogueActivities,
  catalogueActivity,
  forgetFamilyCatalogue,
  readBuiltInPart,
  readDeviceCatalogue,
  saveBuiltInPart,
  switchDeviceCatalogue,
  type DeviceCatalogue,
} from './device-catalogue';
import { offlineDb } from './offline-db';

// Issue 30: the catalogue lives on the device, one version at a time, and a sign-out takes the
// family's part away but keeps the public built-in one.

const builtIn = (version: string, ...ids: string[]): TBuiltInCatalogue => ({
  version,
  activities: ids.map((id) => makeActivity({ id })),
  categories: [...CATEGORIES],
});

function catalogue(part: TBuiltInCatalogue, own: string[] = [], userId = 'u1'): DeviceCatalogue {
  return {
    version: `${part.version}-${own.join('.') || 'none'}`,
    builtIn: part,
    ownActivities: own.map((id) => makeActivity({ id })),
    userId,
    savedAt: 1_000,
  };
}

afterEach(async () => {
  await (await offlineDb()).clear('catalogue');
});

describe('the catalogue on the device', () => {
  it('is read back whole, for the user it was fetched for only', async () => {
    const v1 = catalogue(builtIn('v1', 'paint', 'count'), ['own-disco']);
    await saveBuiltInPart(v1.builtIn);
    await switchDeviceCatalogue(v1);
    expect(await readDeviceCatalogue('u1')).toEqual(v1);
    expect(await readDeviceCatalogue('someone-else')).toBeUndefined();
  });

  it('is never a mix of two versions: a new built-in part written is not read until switched to, and the old one goes then', async () => {
    const v1 = catalogue(builtIn('v1', 'paint'));
    await saveBuiltInPart(v1.builtIn);
    await switchDeviceCatalogue(v1);
    const v2 = catalogue(builtIn('v2', 'paint', 'count'), ['own-disco']);
    await saveBuiltInPart(v2.builtIn);
    // Written, not switched to (a tab closed here): the device still holds v1 whole.
    expect(await readDeviceCatalogue('u1')).toEqual(v1);
    await switchDeviceCatalogue(v2);
    expect(await readDeviceCatalogue('u1')).toEqual(v2);
    expect(await readBuiltInPart('v1')).toBeUndefined();
  });

  it('refuses to switch to a version whose built-in part is not stored, and keeps the one it had', async () => {
    const v1 = catalogue(builtIn('v1', 'paint'));
    await saveBuiltInPart(v1.builtIn);
    await switchDeviceCatalogue(v1);
    await expect(switchDeviceCatalogue(catalogue(builtIn('v2', 'count')))).rejects.toThrow();
    expect(await readDeviceCatalogue('u1')).toEqual(v1);
  });

  it('forgets the family part on sign-out and keeps the built-in part for the next sign-in', async () => {
    const v1 = catalogue(builtIn('v1', 'paint'), ['own-disco']);
    await saveBuiltInPart(v1.builtIn);
    await switchDeviceCatalogue(v1);
    await forgetFamilyCatalogue();
    expect(await readDeviceCatalogue('u1')).toBeUndefined();
    expect(await readBuiltInPart('v1')).toEqual(v1.builtIn);
  });

  it('lists the built-in activities, then the family’s own, and finds each by id', () => {
    const held = catalogue(builtIn('v1', 'paint', 'count'), ['own-disco']);
    expect(catalogueActivities(held).map((a) => a.id)).toEqual(['paint', 'count', 'own-disco']);
    expect(catalogueActivity(held, 'own-disco')?.id).toBe('own-disco');
    expect(catalogueActivity(held, 'nothing')).toBeUndefined();
  });
});
