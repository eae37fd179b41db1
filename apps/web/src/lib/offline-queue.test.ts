import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { enqueueAction } from './offline-actions';
import { OFFLINE_DB_NAME } from './offline-db';
import { claimQueue, getPendingCount, readQueue, removeActions, subscribe } from './offline-queue';

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
