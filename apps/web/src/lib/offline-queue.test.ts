import { describe, expect, it, vi } from 'vitest';
import { enqueue, OFFLINE_QUEUE_KEY, readQueue, removeFromQueue, subscribe } from './offline-queue';

describe('offline queue', () => {
  it('§3 keeps pending actions as {id, action, data, timestamp} in local storage, oldest first', () => {
    const first = enqueue('saveUserActivity', { activityId: 'a1' });
    const second = enqueue('updateProfile', { displayName: 'The Smiths' });
    const stored: unknown = JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY) ?? 'null');
    expect(stored).toEqual([first, second]);
    expect(first).toEqual({
      id: expect.any(String),
      action: 'saveUserActivity',
      data: { activityId: 'a1' },
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(readQueue()).toEqual([first, second]);
  });

  it('reads a missing or damaged entry as an empty queue', () => {
    expect(readQueue()).toEqual([]);
    localStorage.setItem(OFFLINE_QUEUE_KEY, '{not json');
    expect(readQueue()).toEqual([]);
    localStorage.setItem(OFFLINE_QUEUE_KEY, JSON.stringify([{ nonsense: true }]));
    expect(readQueue()).toEqual([]);
  });

  it('removes a processed action and tells subscribers about every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    const entry = enqueue('addAchievement', { id: 'first-steps' });
    removeFromQueue(entry.id);
    expect(readQueue()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    enqueue('addAchievement', { id: 'again' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('hears changes another tab makes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: OFFLINE_QUEUE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(listener).toHaveBeenCalledOnce();
    unsubscribe();
  });
});
