import type { TQueuedSyncAction, TSyncResult } from '@kkb/core/sync/schema';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { goOnline, setNavigatorOnline } from '../test/browser';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../test/fake-fetch';
import { enqueueAction, type SyncActionInput } from './offline-actions';
import { readQueue } from './offline-queue';
import { offlineSync, SYNC_DELAY_MS } from './offline-sync';
import { createQueryClient } from './query-client';

const SYNC = 'POST /api/v1/sync';
let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

const favourite = (activityId: string): SyncActionInput => ({
  kind: 'saveUserActivity',
  payload: { activityId, mark: 'favorite', on: true },
});

async function queue(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await enqueueAction(favourite(`activity-${i}`), {
      clientId: `client-${String(i).padStart(4, '0')}`,
    });
  }
}

/** The server applies every action it is sent, or answers each with `answer`. */
function serverApplies(
  answer: (action: TQueuedSyncAction) => TSyncResult | undefined = () => undefined,
) {
  server.on(SYNC, ({ body }) => {
    const { actions } = body as { actions: TQueuedSyncAction[] };
    return jsonResponse(200, {
      results: actions.map(
        (action) => answer(action) ?? { clientId: action.clientId, status: 'applied' },
      ),
    });
  });
}

/** Lets IndexedDB and the fake server answer (they do not run on the faked timers). */
async function settle() {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('offlineSync: when the queue is sent', () => {
  let stop: () => void = () => undefined;
  // The scheduler loads the sending code when it first sends; loaded here, the first test does
  // not wait on the transform while the clock is faked.
  beforeAll(() => import('./sync-queue'));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => stop());

  it('§9 1 s after the connection returns; what it did is reported', async () => {
    setNavigatorOnline(false);
    await queue(1);
    serverApplies();
    const onReport = vi.fn();
    stop = offlineSync.start({ onReport });
    goOnline(true);
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS - 1);
    await settle();
    expect(server.requestsTo(SYNC)).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(server.requestsTo(SYNC)).toHaveLength(1);
    expect(onReport).toHaveBeenCalledWith(
      { applied: 1, duplicates: 0, rejected: [], complete: true },
      false,
    );
  });

  it('a sync whose actions the server had applied already (answers lost) is reported too: what the app showed of them is fetched again', async () => {
    setNavigatorOnline(false);
    await queue(1);
    serverApplies(({ clientId }) => ({ clientId, status: 'duplicate' }));
    const onReport = vi.fn();
    stop = offlineSync.start({ onReport });
    goOnline(true);
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    await settle();
    expect(onReport).toHaveBeenCalledWith(
      { applied: 0, duplicates: 1, rejected: [], complete: true },
      false,
    );
  });

  it('at once when an action is queued while online (behind others that wait)', async () => {
    serverApplies();
    stop = offlineSync.start({ onReport: vi.fn() });
    await settle();
    await enqueueAction(favourite('volcano'));
    await vi.advanceTimersByTimeAsync(0);
    await settle();
    expect(server.requestsTo(SYNC)).toHaveLength(1);
  });

  it('after a failure, again later, waiting longer each time', async () => {
    setNavigatorOnline(false);
    await queue(1);
    server.on(
      SYNC,
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonResponse(200, { results: [{ clientId: 'client-0000', status: 'applied' }] }),
    );
    stop = offlineSync.start({ onReport: vi.fn() });
    goOnline(true);
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    await settle();
    expect(server.requestsTo(SYNC)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000);
    await settle();
    expect(server.requestsTo(SYNC)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(9999);
    await settle();
    expect(server.requestsTo(SYNC)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(server.requestsTo(SYNC)).toHaveLength(3);
    expect(await readQueue()).toEqual([]);
  });

  it('queries paused offline fetch again only once the queue is sent, so they include it', async () => {
    setNavigatorOnline(false);
    const queryClient = createQueryClient();
    // As QueryClientProvider does: the client follows the online manager.
    queryClient.mount();
    server.on('GET /api/v1/user-activities', () => jsonResponse(200, { userActivities: [] }));
    const observer = new QueryObserver(queryClient, {
      queryKey: ['user-activities'],
      queryFn: () => fetch('/api/v1/user-activities'),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult().fetchStatus).toBe('paused');
    await queue(1);
    serverApplies();
    stop = offlineSync.start({ onReport: vi.fn() });

    goOnline(true);
    await settle();
    expect(server.requestsTo('GET /api/v1/user-activities')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    await settle();
    const order = server.fetch.mock.calls.map(([input]) => String(input));
    expect(order).toEqual(['/api/v1/sync', '/api/v1/user-activities']);
    unsubscribe();
    queryClient.unmount();
  });
});
