import { CATEGORIES } from '@kkb/core/activities/categories';
import type { TBuiltInCatalogue, TFamilyCatalogue } from '@kkb/core/activities/device-catalogue';
import { makeActivity } from '@kkb/core/activities/test-activity';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REMEMBERED_USER_KEY } from '../../../lib/api-client';
import { forgetFamilyCatalogue, readDeviceCatalogue } from '../../../lib/device-catalogue';
import { offlineDb } from '../../../lib/offline-db';
import { testUser } from '../../../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { getDeviceCatalogueQueryOptions, refreshDeviceCatalogue } from './get-catalogue';
import { heldCatalogue, restoreDeviceCatalogue } from './held-catalogue';

// Issue 30: after sign-in the device keeps the whole catalogue, revalidated with its version.

let server: FakeFetch;

const builtIn = (version: string, ...ids: string[]): TBuiltInCatalogue => ({
  version,
  activities: ids.map((id) => makeActivity({ id })),
  categories: [...CATEGORIES],
});

function familyPart(builtInVersion: string, own: string[] = []): TFamilyCatalogue {
  return {
    version: `${builtInVersion}-${own.join('.') || 'none'}`,
    builtIn: { version: builtInVersion, url: `/api/v1/catalogue/builtin/${builtInVersion}` },
    ownActivities: own.map((id) => makeActivity({ id })),
  };
}

/** The server's catalogue now: `GET /catalogue` (304 for the version sent) and its built-in part. */
function serverHolds(family: TFamilyCatalogue, part: TBuiltInCatalogue) {
  server.on('GET /api/v1/catalogue', (request) =>
    request.headers.get('If-None-Match') === `"${family.version}"`
      ? new Response(null, { status: 304 })
      : jsonResponse(200, family),
  );
  server.on(`GET ${family.builtIn.url}`, () => jsonResponse(200, part));
}

beforeEach(() => {
  server = installFakeFetch();
  // A sign-in this browser holds: its marker cookie and the user it is for.
  document.cookie = 'kkb_session=1; path=/';
  localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(testUser));
});

afterEach(async () => {
  await (await offlineDb()).clear('catalogue');
});

describe('refreshDeviceCatalogue', () => {
  it('fetches both parts the first time and stores them for the user', async () => {
    serverHolds(familyPart('v1', ['own-disco']), builtIn('v1', 'paint', 'count'));
    const held = await refreshDeviceCatalogue(undefined);
    expect(held).toMatchObject({ version: 'v1-own-disco', userId: testUser.id });
    expect(held.builtIn.activities.map((a) => a.id)).toEqual(['paint', 'count']);
    expect(await readDeviceCatalogue(testUser.id)).toEqual(held);
  });

  it('sends the version it holds and keeps what it holds on 304, fetching nothing more', async () => {
    serverHolds(familyPart('v1'), builtIn('v1', 'paint'));
    const held = await refreshDeviceCatalogue(undefined);
    const again = await refreshDeviceCatalogue(held);
    expect(again).toBe(held);
    expect(server.requestsTo('GET /api/v1/catalogue').at(-1)?.headers.get('If-None-Match')).toBe(
      '"v1-none"',
    );
    expect(server.requestsTo('GET /api/v1/catalogue/builtin/v1')).toHaveLength(1);
  });

  it("takes a change of the family's own activities without fetching the built-in part again", async () => {
    serverHolds(familyPart('v1'), builtIn('v1', 'paint'));
    const held = await refreshDeviceCatalogue(undefined);
    serverHolds(familyPart('v1', ['own-disco']), builtIn('v1', 'paint'));
    const changed = await refreshDeviceCatalogue(held);
    expect(changed.ownActivities.map((a) => a.id)).toEqual(['own-disco']);
    expect(changed.builtIn).toBe(held.builtIn);
    expect(server.requestsTo('GET /api/v1/catalogue/builtin/v1')).toHaveLength(1);
    expect(await readDeviceCatalogue(testUser.id)).toEqual(changed);
  });

  it('switches to a new built-in version whole', async () => {
    serverHolds(familyPart('v1'), builtIn('v1', 'paint'));
    const held = await refreshDeviceCatalogue(undefined);
    serverHolds(familyPart('v2'), builtIn('v2', 'paint', 'count'));
    await refreshDeviceCatalogue(held);
    expect((await readDeviceCatalogue(testUser.id))?.builtIn).toEqual(
      builtIn('v2', 'paint', 'count'),
    );
  });

  it('after a sign-out, the next sign-in finds the built-in part kept and fetches only the family part', async () => {
    serverHolds(familyPart('v1', ['own-disco']), builtIn('v1', 'paint'));
    await refreshDeviceCatalogue(undefined);
    await forgetFamilyCatalogue();
    const next = await refreshDeviceCatalogue(undefined);
    expect(next.builtIn).toEqual(builtIn('v1', 'paint'));
    expect(server.requestsTo('GET /api/v1/catalogue/builtin/v1')).toHaveLength(1);
  });
});

describe('restoreDeviceCatalogue', () => {
  it('puts the stored catalogue back into a new query client as the app starts; the query revalidates it', async () => {
    serverHolds(familyPart('v1'), builtIn('v1', 'paint'));
    const stored = await refreshDeviceCatalogue(undefined);
    const client = new QueryClient();
    await restoreDeviceCatalogue(client);
    expect(heldCatalogue(client)).toEqual(stored);
    await client.fetchQuery({ ...getDeviceCatalogueQueryOptions(), staleTime: 0 });
    expect(server.requestsTo('GET /api/v1/catalogue').at(-1)?.headers.get('If-None-Match')).toBe(
      '"v1-none"',
    );
  });
});
