import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigatorOnline } from '../test/browser';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../test/fake-fetch';
import { apiPost } from './api-client';
import { setActingFamily } from './acting-family';
import { enqueueAction, sendOrQueue } from './offline-actions';
import { readQueue } from './offline-queue';

const favourite = (activityId: string, on = true) =>
  ({ kind: 'saveUserActivity', payload: { activityId, mark: 'favorite', on } }) as const;

describe('enqueueAction (spec §4 Connectivity)', () => {
  it("refuses what core's parseSyncAction refuses: nothing half-formed is ever queued", async () => {
    await expect(
      enqueueAction({
        kind: 'saveUserActivity',
        payload: { activityId: 'volcano', mark: 'loved' as 'favorite', on: true },
      }),
    ).rejects.toThrow(/payload\.mark/);
    await expect(enqueueAction(favourite('x'), { clientId: 'short' })).rejects.toThrow(/clientId/);
    expect(await readQueue()).toEqual([]);
  });

  it('folds the offline edits of a child added offline into its queued add; removing it drops the add', async () => {
    await enqueueAction(
      { kind: 'addChild', payload: { name: 'Mia', age: 5 } },
      { clientId: 'new-child-mia' },
    );
    await enqueueAction({
      kind: 'updateChild',
      payload: { childId: 'child-1', changes: { name: 'Noa' } },
    });
    // Mia has no server id yet: her add's clientId stands for it.
    await enqueueAction({
      kind: 'updateChild',
      payload: { childId: 'new-child-mia', changes: { age: 6, interests: ['drawing'] } },
    });

    const queue = await readQueue();
    expect(queue.map((action) => action.kind)).toEqual(['addChild', 'updateChild']);
    expect(queue[0]).toMatchObject({
      clientId: 'new-child-mia',
      // The range followed the new age, as the server does for a default range.
      payload: { name: 'Mia', age: 6, interests: ['drawing'], ageRange: [6, 8] },
    });

    await enqueueAction({ kind: 'removeChild', payload: { childId: 'new-child-mia' } });
    expect((await readQueue()).map((action) => action.kind)).toEqual(['updateChild']);
  });

  it('issue 29: a queued completion keeps its children, but not one added offline (no server id yet)', async () => {
    await enqueueAction(
      { kind: 'addChild', payload: { name: 'Mia', age: 5 } },
      { clientId: 'new-child-mia' },
    );
    await enqueueAction({
      kind: 'addAchievement',
      payload: { activityId: 'volcano', minutes: 20, childIds: ['child-noa', 'new-child-mia'] },
    });
    const [, completion] = await readQueue();
    expect(completion).toMatchObject({
      kind: 'addAchievement',
      payload: { activityId: 'volcano', minutes: 20, childIds: ['child-noa'] },
    });
  });

  it('marks each action with the family it was done in, folded child edits included', async () => {
    await enqueueAction(favourite('before-the-family-loaded'));
    setActingFamily('family-a', 'The Smiths');
    try {
      await enqueueAction(favourite('volcano'));
      await enqueueAction(
        { kind: 'addChild', payload: { name: 'Mia', age: 5 } },
        { clientId: 'new-child-mia' },
      );
      // Removed from family A and now in family B: what is done from now on is B's.
      setActingFamily('family-b', 'The Levis');
      await enqueueAction({
        kind: 'updateChild',
        payload: { childId: 'new-child-mia', changes: { age: 6 } },
      });
      await enqueueAction(favourite('kite'));
    } finally {
      setActingFamily(undefined);
    }
    expect(
      (await readQueue()).map((action) => [action.kind, action.familyId, action.familyName]),
    ).toEqual([
      ['saveUserActivity', undefined, undefined],
      ['saveUserActivity', 'family-a', 'The Smiths'],
      // The add stays family A's: the child was added there.
      ['addChild', 'family-a', 'The Smiths'],
      ['saveUserActivity', 'family-b', 'The Levis'],
    ]);
  });
});

describe('sendOrQueue: online through the endpoint, offline into the queue', () => {
  let server: FakeFetch;
  const ENDPOINT = 'POST /api/v1/endpoint';
  const send = () => apiPost('/api/v1/endpoint', {});

  beforeEach(() => {
    server = installFakeFetch();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('online with nothing queued: the endpoint, and nothing queued', async () => {
    server.on(ENDPOINT, () => jsonResponse(204));
    await expect(sendOrQueue(favourite('volcano'), send)).resolves.toEqual({
      queued: false,
      result: undefined,
    });
    expect(await readQueue()).toEqual([]);
  });

  it('offline: queued at once, without trying the network', async () => {
    setNavigatorOnline(false);
    await expect(sendOrQueue(favourite('volcano'), send)).resolves.toEqual({ queued: true });
    expect(server.requestsTo(ENDPOINT)).toHaveLength(0);
    expect(await readQueue()).toHaveLength(1);
  });

  it('online behind queued actions: queued too, so the server gets them in order', async () => {
    await enqueueAction(favourite('volcano', false));
    await expect(sendOrQueue(favourite('volcano'), send)).resolves.toEqual({ queued: true });
    expect(server.requestsTo(ENDPOINT)).toHaveLength(0);
    expect((await readQueue()).map((action) => action.payload)).toEqual([
      { activityId: 'volcano', mark: 'favorite', on: false },
      { activityId: 'volcano', mark: 'favorite', on: true },
    ]);
  });

  it('a call that got no answer is queued under the clientId it was given', async () => {
    server.on(ENDPOINT, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(
      sendOrQueue(favourite('volcano'), send, { clientId: 'lost-answer-1' }),
    ).resolves.toEqual({ queued: true });
    expect(await readQueue()).toEqual([expect.objectContaining({ clientId: 'lost-answer-1' })]);
  });

  it('a refusal is not queued: it would be refused again', async () => {
    server.on(ENDPOINT, () =>
      jsonResponse(404, { detail: 'Activity not found', code: 'DATA_NOT_FOUND' }),
    );
    await expect(sendOrQueue(favourite('volcano'), send)).rejects.toThrow('Activity not found');
    expect(await readQueue()).toEqual([]);
  });
});
