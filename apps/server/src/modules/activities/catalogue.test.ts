import zlib from 'node:zlib';
import { CATEGORIES } from '@kkb/core/activities/categories';
import {
  ZBuiltInCatalogue,
  ZFamilyCatalogue,
  type TFamilyCatalogue,
} from '@kkb/core/activities/device-catalogue';
import type { TActivity } from '@kkb/core/activities/schema';
import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, joinFamily, type CreatedUser } from '../../test/create-user.ts';
import { OWN_ACTIVITY } from '../../test/own-activity.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 30: the catalogue a device keeps, from one versioned, cacheable endpoint. */
describe('catalogue API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const catalogueOf = async (user: CreatedUser, headers: Record<string, string> = {}) => {
    const res = await get('/api/v1/catalogue', { ...user.authHeader, ...headers });
    return res;
  };
  const versionOf = async (user: CreatedUser): Promise<string> => {
    const res = await catalogueOf(user);
    expect(res.statusCode, res.body).toBe(200);
    return ZFamilyCatalogue.parse(res.json()).version;
  };
  const addOwn = async (user: CreatedUser, title = OWN_ACTIVITY.title) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities',
      headers: user.authHeader,
      payload: { ...OWN_ACTIVITY, title },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TActivity;
  };

  it('needs sign-in: it holds the family\u2019s own activities', async () => {
    expect((await get('/api/v1/catalogue')).statusCode).toBe(401);
  });

  it('answers its version as a strong ETag, revalidated on every visit, and 304 once held', async () => {
    const parent = await createUser(t.app);
    const res = await catalogueOf(parent);
    expect(res.statusCode).toBe(200);
    const catalogue: TFamilyCatalogue = ZFamilyCatalogue.parse(res.json());
    expect(res.headers.etag).toBe(`"${catalogue.version}"`);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(catalogue.ownActivities).toEqual([]);
    expect(catalogue.version.startsWith(`${catalogue.builtIn.version}-`)).toBe(true);
    expect(catalogue.builtIn.url).toBe(`/api/v1/catalogue/builtin/${catalogue.builtIn.version}`);

    for (const ifNoneMatch of [
      `"${catalogue.version}"`,
      `W/"${catalogue.version}"`,
      `"older", "${catalogue.version}"`,
      '*',
    ]) {
      const again = await catalogueOf(parent, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(`"${catalogue.version}"`);
    }
    expect((await catalogueOf(parent, { 'if-none-match': '"older"' })).statusCode).toBe(200);
  });

  it("changes version when the family's own activity is added, changed or deleted, and only then", async () => {
    const parent = await createUser(t.app);
    const seen = [await versionOf(parent)];
    const versionNow = async () => {
      const version = await versionOf(parent);
      expect(seen, 'a version already seen').not.toContain(version);
      seen.push(version);
      return version;
    };
    const first = await addOwn(parent, 'Sock Puppet Show');
    const added = await versionNow();
    // A favourite and a completion change the family's data, not its catalogue.
    for (const [method, url] of [
      ['PUT', `/api/v1/user-activities/${first.id}/favorite`],
      ['POST', `/api/v1/activities/${first.id}/complete`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: parent.authHeader, payload: {} });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    expect(await versionOf(parent)).toBe(added);
    const stale = await catalogueOf(parent, { 'if-none-match': `"${seen[0]}"` });
    expect(stale.statusCode).toBe(200);
    expect(ZFamilyCatalogue.parse(stale.json()).ownActivities.map((a) => a.id)).toEqual([first.id]);

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/activities/${first.id}`,
      headers: parent.authHeader,
      payload: { ...OWN_ACTIVITY, title: 'Sock Puppet Theatre' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await versionNow();
    await addOwn(parent, 'Pillow Fort');
    await versionNow();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/activities/${first.id}`,
      headers: parent.authHeader,
    });
    expect(deleted.statusCode).toBe(204);
    await versionNow();
    // The built-in part stays the same through all of it.
    expect(new Set(seen.map((version) => version.split('-')[0])).size).toBe(1);
  });

  it("gives every member the family's own activities, and never another family's", async () => {
    const owner = await createUser(t.app);
    const caregiver = await joinFamily(t.app, owner, await createUser(t.app), 'caregiver');
    const neighbour = await createUser(t.app);
    const neighbourVersion = await versionOf(neighbour);
    const own = await addOwn(owner, 'Garden Treasure Map');

    const ofCaregiver = ZFamilyCatalogue.parse((await catalogueOf(caregiver)).json());
    expect(ofCaregiver.ownActivities).toEqual([own]);
    expect(own.title).toBe('Garden Treasure Map');
    expect(ofCaregiver.version).toBe(await versionOf(owner));

    const ofNeighbour = ZFamilyCatalogue.parse((await catalogueOf(neighbour)).json());
    expect(ofNeighbour.ownActivities).toEqual([]);
    expect(ofNeighbour.version).toBe(neighbourVersion);
    const builtIn = ZBuiltInCatalogue.parse((await get(ofNeighbour.builtIn.url)).json());
    expect(builtIn.activities.map((a) => a.id)).not.toContain(own.id);
  });

  // Brotli's best quality over the whole catalogue: about 2 s alone, far more on a busy CI core.
  it('serves the built-in part at its version, public and immutable, compressed as sent', async () => {
    const parent = await createUser(t.app);
    const { builtIn } = ZFamilyCatalogue.parse((await catalogueOf(parent)).json());
    // No sign-in: the built-in catalogue is public.
    const plain = await get(builtIn.url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.etag).toBe(`"${builtIn.version}"`);
    expect(plain.headers.vary).toBe('accept-encoding');
    const body = ZBuiltInCatalogue.parse(plain.json());
    expect(body).toEqual({
      version: builtIn.version,
      activities: [...BUILT_IN_ACTIVITIES],
      categories: [...CATEGORIES],
    });

    const brotli = await get(builtIn.url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(builtIn.url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const held = await get(builtIn.url, { 'if-none-match': `"${builtIn.version}"` });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
  }, 60_000);

  it("sends the family's part compressed once it is large, under the same version", async () => {
    const parent = await createUser(t.app);
    for (const title of ['Box Robot', 'Shadow Puppets', 'Paper Boats', 'Balloon Tennis']) {
      await addOwn(parent, title);
    }
    const plain = await catalogueOf(parent);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const brotli = await catalogueOf(parent, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
  });

  it('answers 404 for a built-in version it does not serve', async () => {
    const res = await get('/api/v1/catalogue/builtin/0123456789abcdef');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'DATA_NOT_FOUND' });
  });

  it('documents every answer of both routes in OpenAPI', async () => {
    const { paths } = (await get('/api/openapi.json')).json() as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    };
    // Beside what every route can answer (400, 500, 503: the API contract plugin).
    expect(Object.keys(paths['/api/v1/catalogue']!.get.responses).sort()).toEqual([
      '200',
      '304',
      '400',
      '401',
      '403',
      '500',
      '503',
    ]);
    expect(Object.keys(paths['/api/v1/catalogue/builtin/{version}']!.get.responses).sort()).toEqual(
      ['200', '304', '400', '404', '414', '500', '503'],
    );
  });
});
