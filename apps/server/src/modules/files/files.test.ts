import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { pngBytes } from '../../test/images.ts';

const PNG = pngBytes();
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg body')]);
const GIF = Buffer.from('GIF89a gif body');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 body')]);
const FIVE_MB = 5 * 1024 * 1024;

describe('file storage', () => {
  let t: TestApp;
  let ann: CreatedUser;
  let bob: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t.app, { name: 'Ann' });
    bob = await createUser(t.app, { name: 'Bob' });
  });
  afterAll(() => t.close());

  const put = (
    user: CreatedUser,
    filePath: string,
    body: Buffer,
    contentType = 'application/octet-stream',
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/files/${filePath}`,
      headers: { ...user.authHeader, 'content-type': contentType },
      payload: body,
    });
  const get = (user: CreatedUser, filePath: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/files/${filePath}`, headers: user.authHeader });
  const remove = (user: CreatedUser, filePath: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/files/${filePath}`, headers: user.authHeader });
  const download = (url: string) => t.app.inject({ method: 'GET', url });

  it('stores an image and gives a download address that works without headers', async () => {
    const res = await put(ann, 'avatars/mia.png', PNG, 'image/png');
    expect(res.statusCode).toBe(201);
    const stored = res.json();
    expect(stored.path).toBe('avatars/mia.png');
    expect(stored.url).toMatch(/^\/api\/v1\/files\/download\/[A-Za-z0-9_-]{43}$/);

    const file = await download(stored.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const own = await get(ann, 'avatars/mia.png');
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the bytes under DATA_DIR/files/<userId>, under a random name', async () => {
    await put(ann, 'family.png', PNG);
    const directory = path.join(t.config.dataDir, 'files', ann.familyId);
    const names = fs.readdirSync(directory);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}$/);
  });

  it('the content type is sniffed from the bytes, never taken from the name or the header', async () => {
    const cases: [string, Buffer, string][] = [
      ['sniff/a.png', JPEG, 'image/jpeg'],
      ['sniff/b.jpg', GIF, 'image/gif'],
      ['sniff/c.gif', WEBP, 'image/webp'],
      ['sniff/d', PNG, 'image/png'],
    ];
    for (const [filePath, bytes, expected] of cases) {
      const res = await put(ann, filePath, bytes, 'image/png');
      expect(res.statusCode).toBe(201);
      const file = await download(res.json().url);
      expect(file.headers['content-type']).toBe(expected);
    }
  });

  it('refuses anything that is not a PNG, JPEG, WebP or GIF image', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const [bytes, type] of [
      [svg, 'image/svg+xml'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
      [Buffer.alloc(0), 'application/octet-stream'],
    ] as const) {
      const res = await put(ann, 'bad.png', bytes, type);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'Only PNG, JPEG, WebP and GIF images can be stored',
        code: 'VALIDATION_ERROR',
      });
    }
    expect((await get(ann, 'bad.png')).statusCode).toBe(404);
  });

  it('accepts 5 MB and refuses one byte more with 413', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(FIVE_MB - PNG.length)]);
    expect((await put(ann, 'big.png', exact)).statusCode).toBe(201);
    const res = await put(ann, 'too-big.png', Buffer.concat([exact, Buffer.alloc(1)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      detail: 'File is too large (at most 5 MB)',
      code: 'VALIDATION_ERROR',
    });
    expect((await get(ann, 'too-big.png')).statusCode).toBe(404);
  });

  it('refuses a body that is not raw bytes', async () => {
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/files/x.png',
      headers: ann.authHeader,
      payload: { image: 'base64...' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('VALIDATION_ERROR');
    const text = await put(ann, 'x.png', PNG, 'text/plain');
    expect(text.statusCode).toBe(400);
    const form = await put(ann, 'x.png', PNG, 'multipart/form-data; boundary=x');
    expect(form.statusCode).toBe(415);
  });

  it('refuses bad paths with a 400 naming the path', async () => {
    for (const bad of [
      '..%2Fsecret.png',
      'a//b.png',
      'a%20b.png',
      'download/x.png',
      `${'x'.repeat(201)}`,
    ]) {
      const res = await put(ann, bad, PNG);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().detail.startsWith('*:'), res.json().detail).toBe(true);
    }
  });

  it('refuses dot segments sent raw over HTTP (no client-side normalising)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { hostname, port } = new URL(address);
    for (const raw of ['a/../b.png', 'a/./b.png', '../b.png']) {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const request = http.request(
          {
            hostname,
            port,
            method: 'PUT',
            path: `/api/v1/files/${raw}`,
            headers: { ...ann.authHeader, 'content-type': 'image/png' },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode);
          },
        );
        request.on('error', reject);
        request.end(PNG);
      });
      expect(status, raw).toBe(400);
    }
  });

  it('replacing a file gives a new address; the old one stops working', async () => {
    const first = (await put(ann, 'photo.png', PNG)).json();
    const again = await put(ann, 'photo.png', JPEG);
    expect(again.statusCode).toBe(200);
    const second = again.json();
    expect(second.url).not.toBe(first.url);
    expect((await download(first.url)).statusCode).toBe(404);
    const current = await download(second.url);
    expect(current.statusCode).toBe(200);
    expect(current.rawPayload.equals(JPEG)).toBe(true);
    expect((await get(ann, 'photo.png')).rawPayload.equals(JPEG)).toBe(true);
  });

  it('deleting a file answers 204; its address and path then answer 404', async () => {
    const stored = (await put(ann, 'gone.png', PNG)).json();
    const directory = path.join(t.config.dataDir, 'files', ann.familyId);
    const before = fs.readdirSync(directory).length;
    expect((await remove(ann, 'gone.png')).statusCode).toBe(204);
    expect(fs.readdirSync(directory).length).toBe(before - 1);
    const res = await download(stored.url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'File not found', code: 'DATA_NOT_FOUND' });
    expect((await get(ann, 'gone.png')).statusCode).toBe(404);
    expect((await remove(ann, 'gone.png')).statusCode).toBe(404);
  });

  it('an unknown download token answers 404', async () => {
    const res = await download(`/api/v1/files/download/${'A'.repeat(43)}`);
    expect(res.statusCode).toBe(404);
  });

  it('no family reads, overwrites or deletes another family’s file', async () => {
    const anns = (await put(ann, 'shared/name.png', PNG)).json();
    const notFound = { detail: 'File not found', code: 'DATA_NOT_FOUND' };
    const read = await get(bob, 'shared/name.png');
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual(notFound);
    const del = await remove(bob, 'shared/name.png');
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual(notFound);

    const bobs = await put(bob, 'shared/name.png', GIF);
    expect(bobs.statusCode).toBe(201);
    expect((await get(bob, 'shared/name.png')).rawPayload.equals(GIF)).toBe(true);
    expect((await get(ann, 'shared/name.png')).rawPayload.equals(PNG)).toBe(true);
    expect((await download(anns.url)).rawPayload.equals(PNG)).toBe(true);
  });

  it('owner routes need a signed-in user; the download address does not', async () => {
    const stored = (await put(ann, 'public.png', PNG)).json();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/files/public.png' })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/files/public.png' })).statusCode,
    ).toBe(401);
    const anonymousPut = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/files/public.png',
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(anonymousPut.statusCode).toBe(401);
    const anonymousBig = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/files/big.png',
      headers: { 'content-type': 'image/png' },
      payload: Buffer.alloc(FIVE_MB + 1),
    });
    expect(anonymousBig.statusCode).toBe(401);
    expect((await download(stored.url)).statusCode).toBe(200);
  });

  it('a stored address can be the family photo and a child’s avatar', async () => {
    const stored = (await put(ann, 'avatars/leo.png', PNG)).json();
    const child = await t.app.inject({
      method: 'POST',
      url: '/api/v1/children',
      headers: ann.authHeader,
      payload: { name: 'Leo', age: 6, avatar: stored.url },
    });
    expect(child.json().avatar).toBe(stored.url);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: ann.authHeader,
      payload: { photoURL: stored.url },
    });
    expect(profile.json().photoURL).toBe(stored.url);
  });

  it('deleting the family removes its file records', async () => {
    const carl = await createUser(t.app);
    await put(carl, 'x.png', PNG);
    const { db } = t.app.database;
    await db.deleteFrom('families').where('id', '=', carl.familyId).execute();
    const rows = await db
      .selectFrom('files')
      .select('id')
      .where('familyId', '=', carl.familyId)
      .execute();
    expect(rows).toEqual([]);
  });
});
