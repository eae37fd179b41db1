import { MAX_ANIMATION_FRAMES, MAX_ANIMATIONS, MAX_FRAME_BYTES } from '@kkb/core/animation/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { pngBytes } from '../../test/images.ts';

const png = (label: string, size = 0) => pngBytes(label, size);
const b64 = (bytes: Buffer) => bytes.toString('base64');

const body = (frames: { id: string; png?: string }[], overrides: object = {}) => ({
  title: 'Jumping cat',
  fps: 8,
  loop: true,
  frames,
  ...overrides,
});

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

  const call = (
    user: CreatedUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.authHeader,
      ...(payload !== undefined && { payload }),
    });
  const download = (url: string) => t.app.inject({ method: 'GET', url });

  it('creates an animation whose frames are PNGs in file storage, then reads and lists it', async () => {
    const created = await call(
      ann,
      'POST',
      '/animations',
      body([
        { id: 'f1', png: b64(png('one')) },
        { id: 'f2', png: b64(png('two')) },
      ]),
    );
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
          { id: 'a', png: b64(png('a')) },
          { id: 'b', png: b64(png('b')) },
          { id: 'c', png: b64(png('c')) },
        ]),
      )
    ).json();
    const [a, b, c] = animation.frames;
    const updated = await call(
      ann,
      'PUT',
      `/animations/${animation.id}`,
      body([{ id: 'c' }, { id: 'a', png: b64(png('a2')) }, { id: 'd', png: b64(png('d')) }], {
        title: 'Cat, redrawn',
        fps: 24,
        loop: false,
      }),
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
  });

  it('a frame sent without an image must already be in the animation', async () => {
    const animation = (
      await call(ann, 'POST', '/animations', body([{ id: 'x', png: b64(png('x')) }]))
    ).json();
    const res = await call(ann, 'PUT', `/animations/${animation.id}`, body([{ id: 'new' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Frame new needs its image (png)',
      code: 'VALIDATION_ERROR',
    });
    const created = await call(ann, 'POST', '/animations', body([{ id: 'x' }]));
    expect(created.statusCode).toBe(400);
  });

  it('deletes an animation and its frame files', async () => {
    const animation = (
      await call(ann, 'POST', '/animations', body([{ id: 'g', png: b64(png('g')) }]))
    ).json();
    expect((await call(ann, 'DELETE', `/animations/${animation.id}`)).statusCode).toBe(204);
    expect((await call(ann, 'GET', `/animations/${animation.id}`)).statusCode).toBe(404);
    expect((await download(animation.frames[0].url)).statusCode).toBe(404);
    expect((await call(ann, 'DELETE', `/animations/${animation.id}`)).statusCode).toBe(404);
  });

  it("another family's animation is not found: not read, changed, deleted or listed", async () => {
    const animation = (
      await call(ann, 'POST', '/animations', body([{ id: 'p', png: b64(png('p')) }]))
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

  it("a family shares its animations: a caregiver makes one, every member sees and edits it, its frames are the family's files", async () => {
    const owner = await createUser(t.app, { name: 'Olivia' });
    const caregiver = await createUser(t.app, { name: 'Carla' });
    const invited = await call(owner, 'POST', '/family/invites', { role: 'caregiver' });
    expect(invited.statusCode).toBe(201);
    const joined = await call(caregiver, 'POST', '/family/join', { token: invited.json().token });
    expect(joined.statusCode, joined.body).toBeLessThan(300);

    const created = await call(
      caregiver,
      'POST',
      '/animations',
      body([{ id: 'c', png: b64(png('c')) }]),
    );
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
      { familyId: owner.familyId, path: expect.stringMatching(/^animations\/[^/]+\/c-/) },
    ]);
    const asFile = await call(owner, 'GET', `/files/${files[0]!.path}`);
    expect(asFile.statusCode).toBe(200);
    expect(asFile.rawPayload.equals(png('c'))).toBe(true);

    const renamed = await call(
      owner,
      'PUT',
      `/animations/${animation.id}`,
      body([{ id: 'c' }], { title: 'Ours' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call(caregiver, 'GET', `/animations/${animation.id}`)).json().title).toBe('Ours');
    expect((await call(caregiver, 'DELETE', `/animations/${animation.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', '/animations')).json().animations).toEqual([]);
  });

  it('refuses frames that are not PNG or too large, too many frames, and bad fields, clearly', async () => {
    const cases: [object, string][] = [
      [
        body([{ id: 'j', png: b64(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2])) }]),
        'Each frame must be a PNG image',
      ],
      [
        body([{ id: 'big', png: b64(png('big', MAX_FRAME_BYTES)) }]),
        'frames.0.png: Each frame must be at most 256 KB',
      ],
      [
        body(
          Array.from({ length: MAX_ANIMATION_FRAMES + 1 }, (_, i) => ({
            id: `f${i}`,
            png: b64(png(String(i))),
          })),
        ),
        `frames: An animation can have at most ${MAX_ANIMATION_FRAMES} frames`,
      ],
      [body([]), 'frames: an animation needs at least one frame'],
      [
        body([
          { id: 'same', png: b64(png('1')) },
          { id: 'same', png: b64(png('2')) },
        ]),
        'frames: frame ids must be unique',
      ],
      [
        body([{ id: 'ok', png: b64(png('1')) }], { fps: 25 }),
        'fps: Too big: expected number to be <=24',
      ],
      [
        body([{ id: '../x', png: b64(png('1')) }]),
        'frames.0.id: frame ids are 1-64 letters, digits, "_" or "-"',
      ],
    ];
    for (const [payload, detail] of cases) {
      const res = await call(bob, 'POST', '/animations', payload);
      expect(res.statusCode, detail).toBe(400);
      expect(res.json().detail, detail).toBe(detail);
    }
    expect((await call(bob, 'GET', '/animations')).json().animations).toEqual([]);
  });

  it('accepts a frame at the size limit, and a whole animation of them', async () => {
    const atLimit = png('edge', MAX_FRAME_BYTES - pngBytes('').length - 4);
    const res = await call(
      bob,
      'POST',
      '/animations',
      body(Array.from({ length: 3 }, (_, i) => ({ id: `e${i}`, png: b64(atLimit) }))),
    );
    expect(res.statusCode).toBe(201);
    await call(bob, 'DELETE', `/animations/${res.json().id}`);
  });

  it('refuses a body larger than any valid animation with 413 and says why', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/animations',
      headers: { ...bob.authHeader, 'content-type': 'application/json' },
      payload: JSON.stringify(body([{ id: 'x', png: 'A'.repeat(30 * 1024 * 1024) }])),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      detail: 'An animation can have at most 60 frames of 256 KB each',
      code: 'VALIDATION_ERROR',
    });
  });

  it(`keeps at most ${MAX_ANIMATIONS} animations per family`, async () => {
    const carl = await createUser(t.app);
    for (let i = 0; i < MAX_ANIMATIONS; i += 1) {
      const res = await call(
        carl,
        'POST',
        '/animations',
        body([{ id: 'f', png: b64(png(`${i}`)) }]),
      );
      expect(res.statusCode).toBe(201);
    }
    const refused = await call(
      carl,
      'POST',
      '/animations',
      body([{ id: 'f', png: b64(png('x')) }]),
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
  });
});
