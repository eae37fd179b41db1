import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigatorOnline } from '../test/browser';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../test/fake-fetch';
import { apiPost } from './api-client';
import { OFFLINE_DB_NAME } from './offline-db';
import {
  claimQueue,
  enqueueAction,
  getPendingCount,
  readQueue,
  removeActions,
  sendOrQueue,
  subscribe,
} from './offline-queue';

const favourite = (activityId: string, on = true) =>
  ({ kind: 'saveUserActivity', payload: { activityId, mark: 'favorite', on } }) as const;

describe('offline queue (spec §4 Connectivity)', () => {
  it('keeps each action as /sync takes it, {clientId, kind, payload, queuedAt}, oldest first', async () => {
    await enqueueAction(favourite('volcano'), { now: new Date('2026-03-01T09:00:00Z') });
    await enqueueAction(
      { kind: 'addAchievement', payload: { activityId: 'volcano', minutes: 20 } },
      { clientId: 'completion-1' },
    );
    expect(await readQueue()).toEqual([
      {
        clientId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
        kind: 'saveUserActivity',
        payload: { activityId: 'volcano', mark: 'favorite', on: true },
        queuedAt: '2026-03-01T09:00:00.000Z',
      },
      {
        clientId: 'completion-1',
        kind: 'addAchievement',
        payload: { activityId: 'volcano', minutes: 20 },
        queuedAt: expect.any(String),
      },
    ]);
  });

  it('is durable: the actions are in IndexedDB, where another page (a reopened tab) reads them', async () => {
    await enqueueAction(favourite('volcano'));
    const anotherPage = await openDB(OFFLINE_DB_NAME);
    const stored = await anotherPage.getAll('offline-queue');
    anotherPage.close();
    expect(stored).toEqual([expect.objectContaining({ kind: 'saveUserActivity' })]);
  });

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

  it('removes processed actions by clientId and keeps the rest in order', async () => {
    await enqueueAction(favourite('a'), { clientId: 'action-a' });
    await enqueueAction(favourite('b'), { clientId: 'action-b' });
    await enqueueAction(favourite('c'), { clientId: 'action-c' });
    await removeActions(['action-b', 'gone-already']);
    expect((await readQueue()).map((action) => action.clientId)).toEqual(['action-a', 'action-c']);
  });

  it('counts what waits for the chip, and hears what another tab queues', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    await enqueueAction(favourite('a'));
    expect(getPendingCount()).toBe(1);

    // Another tab writes its action and says so on the channel.
    const otherTab = await openDB(OFFLINE_DB_NAME);
    await otherTab.add('offline-queue', {
      clientId: 'from-another-tab',
      kind: 'removeUserActivity',
      payload: { activityId: 'b' },
      queuedAt: new Date().toISOString(),
    });
    otherTab.close();
    const channel = new BroadcastChannel('kkb:offline-queue');
    channel.postMessage('changed');
    channel.close();
    await vi.waitFor(() => expect(getPendingCount()).toBe(2));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('another user signing in on this device does not inherit the queue; the same user does', async () => {
    await claimQueue('user-1');
    await enqueueAction(favourite('a'));
    await claimQueue('user-1');
    expect(await readQueue()).toHaveLength(1);
    await claimQueue('user-2');
    expect(await readQueue()).toEqual([]);
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

  it('unless sending it twice could do it twice (replaySafe: false): then the failure shows', async () => {
    server.on(ENDPOINT, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(sendOrQueue(favourite('volcano'), send, { replaySafe: false })).rejects.toThrow(
      'Network connection failed',
    );
    expect(await readQueue()).toEqual([]);
  });

  it('a refusal is not queued: it would be refused again', async () => {
    server.on(ENDPOINT, () =>
      jsonResponse(404, { detail: 'Activity not found', code: 'DATA_NOT_FOUND' }),
    );
    await expect(sendOrQueue(favourite('volcano'), send)).rejects.toThrow('Activity not found');
    expect(await readQueue()).toEqual([]);
  });
});
