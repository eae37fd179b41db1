import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  MAX_ANIMATION_BODY_BYTES,
  MAX_ANIMATION_FRAMES,
  MAX_ANIMATIONS,
  MAX_FRAME_BYTES,
} from '@kkb/core/animation/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createUser, joinFamily, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { pngBytes } from '../../test/images.ts';
import { storeFile } from '../files/service.ts';
import { FRAME_UPLOAD_SWEEP_EVERY_MS } from './jobs.ts';

const png = (label: string, size = 0) => pngBytes(label, size);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]);
/** A PNG of exactly the frame limit. */
const largestFrame = () => png('edge', MAX_FRAME_BYTES - pngBytes('edge').length);
const UPLOAD_NOT_FOUND = {
  detail:
    "A frame's upload was not found (uploads not saved in an animation are kept for a day); upload it again",
  code: 'VALIDATION_ERROR',
};

const body = (frames: { id: string; uploadId?: string }[], overrides: object = {}) => ({
  title: 'Jumping cat',
  fps: 8,
  loop: true,
  frames,
  ...overrides,
});

/** The calls every test here makes, against one test app. */
function client(t: () => TestApp) {
  const call = (
    user: CreatedUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.authHeader,
      ...(payload !== undefined && { payload }),
    });
  const sendFrame = (user: CreatedUser, bytes: Buffer, contentType = 'image/png') =>
    t().app.inject({
      method: 'POST',
      url: '/api/v1/animations/frame-uploads',
      headers: { ...user.authHeader, 'content-type': contentType },
      payload: bytes,
    });
  /** Uploads a frame's PNG and returns its upload id. */
  const upload = async (user: CreatedUser, bytes: Buffer): Promise<string> => {
    const res = await sendFrame(user, bytes);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().uploadId;
  };
  const download = (url: string) => t().app.inject({ method: 'GET', url });
  /** The family's stored files (path order), as the files table has them. */
  const familyFiles = (user: CreatedUser) =>
    t()
      .app.database.db.selectFrom('files')
      .select(['path', 'storageName'])
      .where('familyId', '=', user.familyId)
      .orderBy('path')
      .execute();
  return { call, sendFrame, upload, download, familyFiles };
}

describe('animations', () => {
  let t: TestApp;
  let ann: CreatedUser;
  let bob: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t.app, { name: 'Ann' });
    bob = await createUser(t.app, { name: 'Bob' });
  });
  afterAll(() => t.close());

  const { call, sendFrame, upload, download, familyFiles } = client(() => t);

  it('creates an animation whose frames are PNGs in file storage, then reads and lists it', async () => {
    const frames = [
      { id: 'f1', uploadId: await upload(ann, png('one')) },
      { id: 'f2', uploadId: await upload(ann, png('two')) },
    ];
    const created = await call(ann, 'POST', '/animations', body(frames));
    expect(created.statusCode).toBe(201);
    const animation = created.json();
    expect(animation).toMatchObject({ title: 'Jumping cat', fps: 8, loop: true });
    expect(animation.frames.map((f: { id: string }) => f.id)).toEqual(['f1', 'f2']);
    const second = await download(animation.frames[1].url);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('image/png');
    expect(second.rawPayload.equals(png('two'))).toBe(true);

    const read = await call(ann, 'GET', `/animations/${animation.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(animation);

    const list = await call(ann, 'GET', '/animations');
    expect(list.statusCode).toBe(200);
    expect(list.json().animations).toEqual([
      {
        id: animation.id,
        title: 'Jumping cat',
        fps: 8,
        loop: true,
        frameCount: 2,
        thumbnailUrl: animation.frames[0].url,
        createdAt: animation.createdAt,
        updatedAt: animation.updatedAt,
      },
    ]);
  });

  it('updates: kept frames keep their image, redrawn ones get a new one, dropped ones are deleted', async () => {
    const animation = (
      await call(
        ann,
        'POST',
        '/animations',
        body([
          { id: 'a', uploadId: await upload(ann, png('a')) },
          { id: 'b', uploadId: await upload(ann, png('b')) },
          { id: 'c', uploadId: await upload(ann, png('c')) },
        ]),
      )
    ).json();
    const [a, b, c] = animation.frames;
    const updated = await call(
      ann,
      'PUT',
      `/animations/${animation.id}`,
      body(
        [
          { id: 'c' },
          { id: 'a', uploadId: await upload(ann, png('a2')) },
          { id: 'd', uploadId: await upload(ann, png('d')) },
        ],
        { title: 'Cat, redrawn', fps: 24, loop: false },
      ),
    );
    expect(updated.statusCode).toBe(200);
    const next = updated.json();
    expect(next).toMatchObject({ title: 'Cat, redrawn', fps: 24, loop: false });
    expect(next.frames.map((f: { id: string }) => f.id)).toEqual(['c', 'a', 'd']);
    expect(next.frames[0].url).toBe(c.url);
    expect(next.frames[1].url).not.toBe(a.url);
    expect((await download(next.frames[1].url)).rawPayload.equals(png('a2'))).toBe(true);
    expect((await download(a.url)).statusCode).toBe(404);
    expect((await download(b.url)).statusCode).toBe(404);
    expect((await download(c.url)).statusCode).toBe(200);
    // The files left are the animation's three frames, each in its folder.
    const paths = (await familyFiles(ann))
      .map((file) => file.path)
      .filter((p) => p.startsWith(`animations/${animation.id}/`));
    expect(paths).toHaveLength(3);
  });

  it('a save sent again (its answer lost) finds its uploads already in place and changes nothing', async () => {
    const animation = (
      await call(
        ann,
        'POST',
        '/animations',
        body([{ id: 'r', uploadId: await upload(ann, png('r')) }]),
      )
    ).json();
    const redraw = body([{ id: 'r', uploadId: await upload(ann, png('r2')) }]);
    const first = await call(ann, 'PUT', `/animations/${animation.id}`, redraw);
    expect(first.statusCode).toBe(200);
    const again = await call(ann, 'PUT', `/animations/${animation.id}`, redraw);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().frames).toEqual(first.json().frames);
    expect((await download(again.json().frames[0].url)).rawPayload.equals(png('r2'))).toBe(true);
  });

  it('a frame sent without an upload must already be in the animation', async () => {
    const animation = (
      await call(
        ann,
        'POST',
        '/animations',
        body([{ id: 'x', uploadId: await upload(ann, png('x')) }]),
      )
    ).json();
    const res = await call(ann, 'PUT', `/animations/${animation.id}`, body([{ id: 'new' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Frame new needs its image (uploadId)',
      code: 'VALIDATION_ERROR',
    });
    const created = await call(ann, 'POST', '/animations', body([{ id: 'x' }]));
    expect(created.statusCode).toBe(400);
  });

  it('deletes an animation and its frame files', async () => {
    const animation = (
      await call(
        ann,
        'POST',
        '/animations',
        body([{ id: 'g', uploadId: await upload(ann, png('g')) }]),
      )
    ).json();
    expect((await call(ann, 'DELETE', `/animations/${animation.id}`)).statusCode).toBe(204);
    expect((await call(ann, 'GET', `/animations/${animation.id}`)).statusCode).toBe(404);
    expect((await download(animation.frames[0].url)).statusCode).toBe(404);
    expect((await call(ann, 'DELETE', `/animations/${animation.id}`)).statusCode).toBe(404);
  });

  it("another family's animation is not found: not read, changed, deleted or listed", async () => {
    const animation = (
      await call(
        ann,
        'POST',
        '/animations',
        body([{ id: 'p', uploadId: await upload(ann, png('p')) }]),
      )
    ).json();
    const notFound = { detail: 'Animation not found', code: 'DATA_NOT_FOUND' };
    for (const res of [
      await call(bob, 'GET', `/animations/${animation.id}`),
      await call(bob, 'PUT', `/animations/${animation.id}`, body([{ id: 'p' }])),
      await call(bob, 'DELETE', `/animations/${animation.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect((await call(bob, 'GET', '/animations')).json().animations).toEqual([]);
    expect((await call(ann, 'GET', `/animations/${animation.id}`)).statusCode).toBe(200);
  });

  it("a frame naming an upload never made, or another family's, is refused and nothing changes", async () => {
    const annsUpload = await upload(ann, png('ann'));
    const before = await familyFiles(bob);
    for (const uploadId of [annsUpload, 'f'.repeat(32)]) {
      const res = await call(bob, 'POST', '/animations', body([{ id: 'a', uploadId }]));
      expect(res.statusCode, uploadId).toBe(400);
      expect(res.json()).toEqual(UPLOAD_NOT_FOUND);
    }
    const mine = (
      await call(
        bob,
        'POST',
        '/animations',
        body([{ id: 'a', uploadId: await upload(bob, png('bob')) }]),
      )
    ).json();
    const refused = await call(
      bob,
      'PUT',
      `/animations/${mine.id}`,
      body([{ id: 'a', uploadId: annsUpload }]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(UPLOAD_NOT_FOUND);
    expect((await call(bob, 'GET', `/animations/${mine.id}`)).json()).toEqual(mine);
    expect((await familyFiles(bob)).length).toBe(before.length + 1);
    // Ann's upload is still hers to use.
    const annsAnimation = await call(
      ann,
      'POST',
      '/animations',
      body([{ id: 'a', uploadId: annsUpload }]),
    );
    expect(annsAnimation.statusCode).toBe(201);
    await call(bob, 'DELETE', `/animations/${mine.id}`);
  });

  it('an upload is the image of one frame: used once, a second animation cannot take it', async () => {
    const uploadId = await upload(ann, png('once'));
    const twice = await call(
      ann,
      'POST',
      '/animations',
      body([
        { id: 'a', uploadId },
        { id: 'b', uploadId },
      ]),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().detail).toBe('frames: each upload can be the image of one frame only');
    expect((await call(ann, 'POST', '/animations', body([{ id: 'a', uploadId }]))).statusCode).toBe(
      201,
    );
    const taken = await call(ann, 'POST', '/animations', body([{ id: 'a', uploadId }]));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual(UPLOAD_NOT_FOUND);
  });

  it('a file put in the uploads folder some other way must still be a frame: a PNG of at most 256 KB', async () => {
    const sneaked = 'e'.repeat(32);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/files/animations/uploads/${sneaked}.png`,
      headers: { ...bob.authHeader, 'content-type': 'image/jpeg' },
      payload: JPEG,
    });
    expect(put.statusCode).toBe(201);
    const res = await call(bob, 'POST', '/animations', body([{ id: 'a', uploadId: sneaked }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Each frame must be a PNG image',
      code: 'VALIDATION_ERROR',
    });
  });

  it("a family shares its animations: a caregiver uploads frames and makes one, every member sees and edits it, its frames are the family's files", async () => {
    const owner = await createUser(t.app, { name: 'Olivia' });
    const caregiver = await createUser(t.app, { name: 'Carla' });
    await joinFamily(t.app, owner, caregiver, 'caregiver');

    const uploadId = await upload(caregiver, png('c'));
    const created = await call(caregiver, 'POST', '/animations', body([{ id: 'c', uploadId }]));
    expect(created.statusCode, created.body).toBe(201);
    const animation = created.json();
    expect((await call(owner, 'GET', '/animations')).json().animations).toMatchObject([
      { id: animation.id, frameCount: 1 },
    ]);
    const files = await t.app.database.db
      .selectFrom('files')
      .select(['familyId', 'path'])
      .where('path', 'like', `animations/${animation.id}/%`)
      .execute();
    expect(files).toEqual([
      { familyId: owner.familyId, path: `animations/${animation.id}/c-${uploadId}.png` },
    ]);
    const asFile = await call(owner, 'GET', `/files/${files[0]!.path}`);
    expect(asFile.statusCode).toBe(200);
    expect(asFile.rawPayload.equals(png('c'))).toBe(true);

    const redrawn = await call(
      caregiver,
      'PUT',
      `/animations/${animation.id}`,
      body([{ id: 'c', uploadId: await upload(caregiver, png('c2')) }], { title: 'Ours' }),
    );
    expect(redrawn.statusCode, redrawn.body).toBe(200);
    const renamed = await call(
      owner,
      'PUT',
      `/animations/${animation.id}`,
      body([{ id: 'c' }], { title: 'Ours again' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const read = (await call(caregiver, 'GET', `/animations/${animation.id}`)).json();
    expect(read.title).toBe('Ours again');
    expect((await download(read.frames[0].url)).rawPayload.equals(png('c2'))).toBe(true);
    expect((await call(caregiver, 'DELETE', `/animations/${animation.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', '/animations')).json().animations).toEqual([]);
  });

  it('an animation saved before frames were uploaded on their own keeps its frames, and can be changed', async () => {
    // What the previous version stored: frames under the animation's folder, named in the row.
    const id = 'a'.repeat(32);
    const nowIso = new Date().toISOString();
    const oldFrames = [];
    for (const frameId of ['old1', 'old2']) {
      const stored = await storeFile(
        t.app.database,
        t.config.dataDir,
        bob,
        `animations/${id}/${frameId}-0123456789ab.png`,
        png(frameId),
        nowIso,
      );
      oldFrames.push({ id: frameId, path: stored.path, url: stored.url });
    }
    await t.app.database.db
      .insertInto('animations')
      .values({
        id,
        familyId: bob.familyId,
        title: 'From before',
        fps: 6,
        loop: 1,
        frames: JSON.stringify(oldFrames),
        createdAt: nowIso,
        updatedAt: nowIso,
      })
      .execute();
    const read = (await call(bob, 'GET', `/animations/${id}`)).json();
    expect(read.frames).toEqual(oldFrames.map(({ id: frameId, url }) => ({ id: frameId, url })));
    expect((await download(read.frames[1].url)).rawPayload.equals(png('old2'))).toBe(true);

    const updated = await call(
      bob,
      'PUT',
      `/animations/${id}`,
      body([{ id: 'old2' }, { id: 'new', uploadId: await upload(bob, png('new')) }]),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().frames[0].url).toBe(oldFrames[1]!.url);
    expect((await download(oldFrames[0]!.url)).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/animations/${id}`)).statusCode).toBe(204);
  });

  it('refuses too many frames, bad fields and a frame still sent inline, clearly', async () => {
    const uploadId = await upload(bob, png('1'));
    const cases: [object, string][] = [
      [
        body(Array.from({ length: MAX_ANIMATION_FRAMES + 1 }, (_, i) => ({ id: `f${i}` }))),
        `frames: An animation can have at most ${MAX_ANIMATION_FRAMES} frames`,
      ],
      [body([]), 'frames: an animation needs at least one frame'],
      [body([{ id: 'same', uploadId }, { id: 'same' }]), 'frames: frame ids must be unique'],
      [body([{ id: 'ok', uploadId }], { fps: 25 }), 'fps: Too big: expected number to be <=24'],
      [
        body([{ id: '../x', uploadId }]),
        'frames.0.id: frame ids are 1-64 letters, digits, "_" or "-"',
      ],
      [
        body([{ id: 'ok', uploadId: '../../secret' }]),
        'frames.0.uploadId: upload ids are the 32 hex digits the upload answered',
      ],
      [
        body([{ id: 'ok', png: png('inline').toString('base64') } as { id: string }]),
        'frames.0: Unrecognized key: "png"',
      ],
    ];
    for (const [payload, detail] of cases) {
      const res = await call(bob, 'POST', '/animations', payload);
      expect(res.statusCode, detail).toBe(400);
      expect(res.json().detail, detail).toBe(detail);
    }
    expect((await call(bob, 'GET', '/animations')).json().animations).toEqual([]);
  });

  it('takes a frame of exactly 256 KB and an animation of the most frames at that size', async () => {
    const frames = [];
    for (let i = 0; i < MAX_ANIMATION_FRAMES; i += 1) {
      frames.push({ id: `e${i}`, uploadId: await upload(bob, largestFrame()) });
    }
    const res = await call(bob, 'POST', '/animations', body(frames));
    expect(res.statusCode).toBe(201);
    expect(res.json().frames).toHaveLength(MAX_ANIMATION_FRAMES);
    expect((await download(res.json().frames[59].url)).rawPayload.equals(largestFrame())).toBe(
      true,
    );
    await call(bob, 'DELETE', `/animations/${res.json().id}`);
  });

  it('refuses a frame upload one byte over 256 KB with 413, and stores nothing', async () => {
    const before = await familyFiles(bob);
    const res = await sendFrame(bob, Buffer.concat([largestFrame(), Buffer.alloc(1)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      detail: 'Each frame must be at most 256 KB',
      code: 'VALIDATION_ERROR',
    });
    expect(await familyFiles(bob)).toEqual(before);
  });

  it('refuses a frame that is not a PNG with 400, and a body not sent as an image with 415', async () => {
    const before = await familyFiles(bob);
    for (const contentType of ['image/png', 'application/octet-stream']) {
      const res = await sendFrame(bob, JPEG, contentType);
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json()).toEqual({
        detail: 'Each frame must be a PNG image',
        code: 'VALIDATION_ERROR',
      });
    }
    const empty = await sendFrame(bob, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Each frame must be a PNG image');
    const bodiless = await t.app.inject({
      method: 'POST',
      url: '/api/v1/animations/frame-uploads',
      headers: bob.authHeader,
    });
    expect(bodiless.statusCode).toBe(400);
    expect(bodiless.json().detail).toBe("Send the frame's PNG bytes as image/png");
    for (const contentType of ['image/jpeg', 'application/json', 'text/plain']) {
      const res = await sendFrame(bob, png('x'), contentType);
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await familyFiles(bob)).toEqual(before);
  });

  it('answers 413 to a frame upload as soon as it passes 256 KB, without waiting for the rest', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { hostname, port } = new URL(address);
    /** Sends `head`, then holds the request open: the answer must come before the body ends. */
    const answerWhileOpen = (headers: http.OutgoingHttpHeaders, head: Buffer) =>
      new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            hostname,
            port,
            method: 'POST',
            path: '/api/v1/animations/frame-uploads',
            headers: { ...bob.authHeader, 'content-type': 'image/png', ...headers },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => {
              request.destroy();
              resolve({ status: response.statusCode, body: text });
            });
          },
        );
        request.on('error', reject);
        request.write(head);
      });
    // Declared larger than a frame: refused before a byte of it is read.
    const declared = await answerWhileOpen(
      { 'content-length': String(100 * 1024 * 1024) },
      png(''),
    );
    expect(declared.status).toBe(413);
    // Not declared (chunked): refused once more than a frame has arrived.
    const chunked = await answerWhileOpen(
      { 'transfer-encoding': 'chunked' },
      Buffer.concat([largestFrame(), Buffer.alloc(64 * 1024)]),
    );
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({
      detail: 'Each frame must be at most 256 KB',
      code: 'VALIDATION_ERROR',
    });
  });

  it('refuses an animation body over 1 MB with 413 before parsing it, on create and on change, and stores nothing', async () => {
    const carl = await createUser(t.app, { name: 'Carl' });
    const mine = (
      await call(
        carl,
        'POST',
        '/animations',
        body([{ id: 'a', uploadId: await upload(carl, png('a')) }]),
      )
    ).json();
    const filesBefore = await familyFiles(carl);
    // What a client still sending frames inline would send: valid JSON of a few frames.
    const inline = JSON.stringify(
      body(
        Array.from({ length: 5 }, (_, i) => ({
          id: `f${i}`,
          png: png(String(i), 230 * 1024).toString('base64'),
        })),
      ),
    );
    // Not even JSON: had it been parsed, it would be a 400.
    const notJson = `{${'x'.repeat(MAX_ANIMATION_BODY_BYTES)}`;
    expect(inline.length).toBeGreaterThan(MAX_ANIMATION_BODY_BYTES);
    for (const [method, url] of [
      ['POST', '/api/v1/animations'],
      ['PUT', `/api/v1/animations/${mine.id}`],
    ] as const) {
      for (const payload of [inline, notJson]) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...carl.authHeader, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${method} ${payload.slice(0, 20)}`).toBe(413);
        expect(res.json()).toEqual({
          detail: "An animation's details can be at most 1 MB; its frames are uploaded one by one",
          code: 'VALIDATION_ERROR',
        });
      }
    }
    expect((await call(carl, 'GET', '/animations')).json().animations).toHaveLength(1);
    expect((await call(carl, 'GET', `/animations/${mine.id}`)).json()).toEqual(mine);
    expect(await familyFiles(carl)).toEqual(filesBefore);
  });

  it(`keeps at most ${MAX_ANIMATIONS} animations per family`, async () => {
    const carl = await createUser(t.app);
    for (let i = 0; i < MAX_ANIMATIONS; i += 1) {
      const res = await call(
        carl,
        'POST',
        '/animations',
        body([{ id: 'f', uploadId: await upload(carl, png(`${i}`)) }]),
      );
      expect(res.statusCode).toBe(201);
    }
    const refused = await call(
      carl,
      'POST',
      '/animations',
      body([{ id: 'f', uploadId: await upload(carl, png('x')) }]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: `A family can keep at most ${MAX_ANIMATIONS} animations`,
      code: 'VALIDATION_ERROR',
    });
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/animations' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/animations', payload: body([]) }))
        .statusCode,
    ).toBe(401);
    const frame = await t.app.inject({
      method: 'POST',
      url: '/api/v1/animations/frame-uploads',
      headers: { 'content-type': 'image/png' },
      payload: png('x'),
    });
    expect(frame.statusCode).toBe(401);
  });
});

describe('frame uploads no animation names', () => {
  const start = '2026-03-02T10:00:00.000Z';
  const clock = new ManualClock(start);
  let t: TestApp;
  let ann: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    ann = await createUser(t.app, { name: 'Ann' });
  });
  afterAll(() => t.close());

  const { call, upload, familyFiles } = client(() => t);
  const familyDir = () => path.join(t.config.dataDir, 'files', ann.familyId);

  it('are deleted, bytes and all, by the sweep after a day; named ones stay', async () => {
    const named = await upload(ann, png('named'));
    const forgotten = await upload(ann, png('forgotten'));
    const animation = (
      await call(ann, 'POST', '/animations', body([{ id: 'a', uploadId: named }]))
    ).json();
    clock.advance(12 * 60 * 60_000);
    const recent = await upload(ann, png('recent'));
    expect((await familyFiles(ann)).map((f) => f.path).sort()).toEqual(
      [
        `animations/${animation.id}/a-${named}.png`,
        `animations/uploads/${forgotten}.png`,
        `animations/uploads/${recent}.png`,
      ].sort(),
    );

    // A day and an hour after the first uploads: the hourly sweep has come by since the day ended.
    clock.advance(12 * 60 * 60_000 + FRAME_UPLOAD_SWEEP_EVERY_MS);
    await t.app.jobs.runDue();
    const left = await familyFiles(ann);
    expect(left.map((f) => f.path).sort()).toEqual(
      [`animations/${animation.id}/a-${named}.png`, `animations/uploads/${recent}.png`].sort(),
    );
    expect(fs.readdirSync(familyDir()).sort()).toEqual(left.map((f) => f.storageName).sort());
    const late = await call(ann, 'POST', '/animations', body([{ id: 'b', uploadId: forgotten }]));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(UPLOAD_NOT_FOUND);
    expect(
      (await call(ann, 'POST', '/animations', body([{ id: 'b', uploadId: recent }]))).statusCode,
    ).toBe(201);
    expect((await call(ann, 'GET', `/animations/${animation.id}`)).statusCode).toBe(200);
  });
});
