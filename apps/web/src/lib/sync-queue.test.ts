import {
  FOREIGN_FAMILY_SYNC_MESSAGE,
  type TQueuedSyncAction,
  type TSyncResult,
} from '@kkb/core/sync/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../test/fake-fetch';
import { setActingFamily } from './acting-family';
import { enqueueAction, type SyncActionInput } from './offline-actions';
import { readQueue } from './offline-queue';
import { SYNC_LOCK_NAME, syncQueue } from './sync-queue';

const SYNC = 'POST /api/v1/sync';
let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

afterEach(() => {
  delete (navigator as { locks?: unknown }).locks;
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

const sentActions = (index: number) =>
  (server.requestsTo(SYNC)[index]?.body as { actions: TQueuedSyncAction[] } | undefined)?.actions;

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

/** Web Locks as a browser grants them: one holder per name at a time, the others wait in turn. */
function installWebLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const request = vi.fn((name: string, callback: () => Promise<unknown>) => {
    const granted = (tails.get(name) ?? Promise.resolve()).then(() => callback());
    tails.set(
      name,
      granted.catch(() => undefined),
    );
    return granted;
  });
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return request;
}

describe('syncQueue: the queue to POST /api/v1/sync (spec §4, DESIGN Sync)', () => {
  it('sends it oldest first; applied and duplicate actions leave it', async () => {
    await queue(3);
    serverApplies((action) =>
      action.clientId === 'client-0001'
        ? { clientId: action.clientId, status: 'duplicate' }
        : undefined,
    );
    expect(await syncQueue()).toEqual({ applied: 2, duplicates: 1, rejected: [], complete: true });
    expect(sentActions(0)?.map((action) => action.clientId)).toEqual([
      'client-0000',
      'client-0001',
      'client-0002',
    ]);
    expect(sentActions(0)?.[0]).toEqual({
      clientId: 'client-0000',
      kind: 'saveUserActivity',
      payload: { activityId: 'activity-0', mark: 'favorite', on: true },
      queuedAt: expect.any(String),
    });
    expect(await readQueue()).toEqual([]);
  });

  it('a rejected action is dropped and reported with its detail, not sent forever', async () => {
    await queue(2);
    serverApplies((action) =>
      action.clientId === 'client-0000'
        ? { clientId: action.clientId, status: 'rejected', detail: 'Activity not found' }
        : undefined,
    );
    const report = await syncQueue();
    expect(report.rejected).toEqual([
      {
        action: expect.objectContaining({ clientId: 'client-0000' }),
        detail: 'Activity not found',
      },
    ]);
    expect(await readQueue()).toEqual([]);
    expect(await syncQueue()).toEqual({
      applied: 0,
      duplicates: 0,
      rejected: [],
      complete: true,
    });
    expect(server.requestsTo(SYNC)).toHaveLength(1);
  });

  it('sends each action with the family it was done in; one the server refuses for it is dropped with the note', async () => {
    setActingFamily('family-a', 'The Smiths');
    try {
      await queue(1);
    } finally {
      setActingFamily(undefined);
    }
    serverApplies(({ clientId, familyId }) =>
      familyId === 'family-a'
        ? { clientId, status: 'rejected', detail: FOREIGN_FAMILY_SYNC_MESSAGE }
        : undefined,
    );
    const report = await syncQueue();
    expect(sentActions(0)?.map((action) => action.familyId)).toEqual(['family-a']);
    // The family's name stays on the device, for the note.
    expect(sentActions(0)?.[0]).not.toHaveProperty('familyName');
    expect(report).toEqual({
      applied: 0,
      duplicates: 0,
      rejected: [
        {
          action: expect.objectContaining({
            clientId: 'client-0000',
            familyId: 'family-a',
            familyName: 'The Smiths',
          }),
          detail: FOREIGN_FAMILY_SYNC_MESSAGE,
        },
      ],
      complete: true,
    });
    expect(await readQueue()).toEqual([]);
  });

  it('at most 100 a request: a longer queue goes in several, in order', async () => {
    await queue(150);
    serverApplies();
    expect((await syncQueue()).applied).toBe(150);
    expect(sentActions(0)).toHaveLength(100);
    expect(sentActions(1)).toHaveLength(50);
    expect(sentActions(1)?.[0]?.clientId).toBe('client-0100');
  });

  it.each([
    [
      'no answer (offline, connection refused)',
      () => Promise.reject(new TypeError('Failed to fetch')),
    ],
    [
      'a 503 (the server restarting)',
      () => jsonResponse(503, { detail: 'Down', code: 'SERVICE_UNAVAILABLE' }),
    ],
    ['a 500', () => jsonResponse(500, { detail: 'Oops', code: 'UNKNOWN_ERROR' })],
  ])(
    'on %s the queue stays, and the same actions (same clientIds) go again',
    async (_name, failure) => {
      await queue(2);
      const applied = (request: { body: unknown }) =>
        jsonResponse(200, {
          results: (request.body as { actions: TQueuedSyncAction[] }).actions.map((action) => ({
            clientId: action.clientId,
            status: 'applied',
          })),
        });
      server.on(SYNC, failure, applied);
      expect(await syncQueue()).toEqual({
        applied: 0,
        duplicates: 0,
        rejected: [],
        complete: false,
      });
      expect(await readQueue()).toHaveLength(2);
      expect(await syncQueue()).toEqual({
        applied: 2,
        duplicates: 0,
        rejected: [],
        complete: true,
      });
      expect(sentActions(1)).toEqual(sentActions(0));
    },
  );

  it('a request refused as a whole drops its actions with the reason', async () => {
    await queue(1);
    server.on(SYNC, () =>
      jsonResponse(400, { detail: 'body.actions: too big', code: 'VALIDATION_ERROR' }),
    );
    const report = await syncQueue();
    expect(report.rejected.map((rejected) => rejected.detail)).toEqual(['body.actions: too big']);
    expect(await readQueue()).toEqual([]);
  });

  it('two tabs syncing at once send each action once: the Web Lock lets one at a time read and send', async () => {
    const request = installWebLocks();
    await queue(2);
    serverApplies();
    const [first, second] = await Promise.all([syncQueue(), syncQueue()]);
    expect(request).toHaveBeenCalledWith(SYNC_LOCK_NAME, expect.any(Function));
    expect(server.requestsTo(SYNC)).toHaveLength(1);
    expect(first.applied + second.applied).toBe(2);
  });

  it('without Web Locks (older browsers) the syncs of one tab still take turns', async () => {
    await queue(2);
    serverApplies();
    await Promise.all([syncQueue(), syncQueue()]);
    expect(server.requestsTo(SYNC)).toHaveLength(1);
  });
});
