import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { markDone } from './repository.ts';

const ids = BUILT_IN_ACTIVITIES.slice(0, 4).map((a) => a.id) as [string, string, string, string];

describe('user activities API', () => {
  let t: TestApp;
  let parent: CreatedUser;
  let other: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    parent = await createUser(t.app);
    other = await createUser(t.app);
  });
  afterAll(() => t.close());

  const put = (activityId: string, status: string, user: CreatedUser = parent) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-activities/${activityId}`,
      headers: user.authHeader,
      payload: { status },
    });
  const list = (query = '', user: CreatedUser = parent) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/user-activities${query}`,
      headers: user.authHeader,
    });

  it('§4 a first add creates the record with the current time', async () => {
    const before = new Date().toISOString();
    const res = await put(ids[0], 'favorite');
    expect(res.statusCode).toBe(201);
    const record = res.json();
    expect(record).toMatchObject({
      userId: parent.userId,
      activityId: ids[0],
      status: 'favorite',
      favorite: true,
      tried: false,
      completedAt: null,
    });
    expect(record.createdAt >= before).toBe(true);
    expect(record.updatedAt).toBe(record.createdAt);
  });

  it('§4 adding an already recorded activity only changes its status', async () => {
    const first = (await list()).json().userActivities[0];
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await put(ids[0], 'tried');
    expect(res.statusCode).toBe(200);
    const record = res.json();
    expect(record).toMatchObject({
      id: first.id,
      createdAt: first.createdAt,
      status: 'tried',
      favorite: false,
      tried: true,
    });
    expect(record.updatedAt > first.updatedAt).toBe(true);
    expect((await list()).json().total).toBe(1);
  });

  it('§7 lists newest createdAt first, with skip and limit', async () => {
    for (const id of [ids[1], ids[2], ids[3]]) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await put(id, 'favorite');
    }
    const all = (await list()).json();
    expect(all.total).toBe(4);
    expect(all.userActivities.map((r: { activityId: string }) => r.activityId)).toEqual([
      ids[3],
      ids[2],
      ids[1],
      ids[0],
    ]);
    const page = (await list('?skip=1&limit=2')).json();
    expect(page).toMatchObject({ total: 4, skip: 1, limit: 2 });
    expect(page.userActivities.map((r: { activityId: string }) => r.activityId)).toEqual([
      ids[2],
      ids[1],
    ]);
  });

  it('keeps records per family', async () => {
    expect((await list('', other)).json().total).toBe(0);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user-activities/${ids[1]}`,
      headers: other.authHeader,
    });
    expect(del.statusCode).toBe(404);
    expect((await list()).json().total).toBe(4);
  });

  it('§5 an unknown activity answers 404 "Activity not found"; a bad status 400', async () => {
    const res = await put('no-such-activity', 'favorite');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Activity not found', code: 'DATA_NOT_FOUND' });
    expect((await put(ids[0], 'loved')).statusCode).toBe(400);
  });

  it("records another family's own activity as unknown", async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities',
      headers: other.authHeader,
      payload: {
        title: 'Secret game',
        description: 'Only ours.',
        category: 'social',
        difficulty: 'easy',
        duration: 30,
        location: 'both',
        ageRange: [3, 6],
        energyLevel: 'Low',
      },
    });
    expect((await put(own.json().id, 'favorite')).statusCode).toBe(404);
    expect((await put(own.json().id, 'favorite', other)).statusCode).toBe(201);
  });

  it('deletes a record (204), then 404', async () => {
    const del = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/user-activities/${ids[1]}`,
        headers: parent.authHeader,
      });
    expect((await del()).statusCode).toBe(204);
    expect((await del()).statusCode).toBe(404);
    expect((await list()).json().total).toBe(3);
  });

  it('a completion makes a record tried and keeps a favourite a favourite', async () => {
    const { db } = t.app.database;
    const completedAt = '2026-03-01T10:00:00.000Z';
    const created = await markDone(db, parent, ids[1], completedAt);
    expect(created).toMatchObject({
      activityId: ids[1],
      status: 'tried',
      tried: true,
      completedAt,
      completedBy: parent.userId,
    });
    const favourite = await markDone(db, parent, ids[2], completedAt);
    expect(favourite).toMatchObject({
      activityId: ids[2],
      status: 'favorite',
      favorite: true,
      tried: true,
      completedAt,
    });
  });
});

describe('favourite and tried marks (issue 9: they no longer exclude each other)', () => {
  let t: TestApp;
  let parent: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    parent = await createUser(t.app);
  });
  afterAll(() => t.close());

  const mark = (method: 'PUT' | 'DELETE', activityId: string, which: string) =>
    t.app.inject({
      method,
      url: `/api/v1/user-activities/${activityId}/${which}`,
      headers: parent.authHeader,
    });
  const records = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/user-activities',
        headers: parent.authHeader,
      })
    ).json().userActivities as { activityId: string; favorite: boolean; tried: boolean }[];

  it('favourited, then done: still a favourite, and tried', async () => {
    const favourite = await mark('PUT', ids[0], 'favorite');
    expect(favourite.statusCode).toBe(200);
    expect(favourite.json()).toMatchObject({ status: 'favorite', favorite: true, tried: false });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/activities/${ids[0]}/complete`,
      headers: parent.authHeader,
      payload: {},
    });
    expect(done.statusCode).toBe(200);
    expect(await records()).toEqual([
      expect.objectContaining({ activityId: ids[0], favorite: true, tried: true }),
    ]);
  });

  it('each mark is set and cleared on its own; with neither left the record goes', async () => {
    expect((await mark('PUT', ids[1], 'tried')).json()).toMatchObject({
      favorite: false,
      tried: true,
    });
    expect((await mark('PUT', ids[1], 'favorite')).json()).toMatchObject({
      favorite: true,
      tried: true,
    });
    expect((await mark('DELETE', ids[1], 'tried')).statusCode).toBe(204);
    expect((await records()).find((r) => r.activityId === ids[1])).toMatchObject({
      favorite: true,
      tried: false,
    });
    expect((await mark('DELETE', ids[1], 'favorite')).statusCode).toBe(204);
    expect((await records()).find((r) => r.activityId === ids[1])).toBeUndefined();
  });

  it('concurrent favourite set and clear on one activity never fail (issue 8: no 500s)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        mark(i % 2 === 0 ? 'PUT' : 'DELETE', ids[3], 'favorite'),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect((await mark('PUT', ids[3], 'favorite')).statusCode).toBeLessThan(300);
    const kept = (await records()).filter((r) => r.activityId === ids[3]);
    expect(kept).toEqual([expect.objectContaining({ favorite: true })]);
  });

  it('refuses an unknown mark (400) and an unknown activity (404)', async () => {
    expect((await mark('PUT', ids[2], 'loved')).statusCode).toBe(400);
    const unknown = await mark('PUT', 'no-such-activity', 'favorite');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Activity not found', code: 'DATA_NOT_FOUND' });
  });
});
