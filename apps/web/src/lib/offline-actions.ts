import { applyChildUpdate, newChildFields } from '@kkb/core/family/profile';
import type { TChildCreate, TChildUpdate } from '@kkb/core/family/schema';
import {
  parseSyncAction,
  type SYNC_PAYLOADS,
  type TQueuedSyncAction,
  type TSyncAction,
  type TSyncActionKind,
} from '@kkb/core/sync/schema';
import type { z } from 'zod';
import { actingFamily, actingFamilyName } from './acting-family';
import { isServerUnreachable } from './api-client';
import { browserOffline } from './connectivity';
import { offlineDb, type StoredAction } from './offline-db';
import { queueChanged } from './offline-queue';
import { randomId } from './random-id';

/**
 * What a member does offline, into the offline queue (lib/offline-queue): validated with core's
 * sync contract, in the shape `POST /api/v1/sync` takes.
 */

/** An action as a feature hands it over: a known kind with its payload (the online route's body). */
export type SyncActionInput = {
  [K in TSyncActionKind]: { kind: K; payload: z.input<(typeof SYNC_PAYLOADS)[K]> };
}[TSyncActionKind];

function valid(queued: TQueuedSyncAction): TSyncAction {
  const parsed = parseSyncAction(queued);
  // The screens validate what they queue with the same schemas: this is a bug, not bad input.
  if (!parsed.success) throw new Error(`Cannot queue ${queued.kind}: ${parsed.detail}`);
  return parsed.action;
}

/** A child added offline, with a later offline edit of it: one add with the edited fields. */
function foldChildUpdate(created: TChildCreate, changes: TChildUpdate): TChildCreate {
  return applyChildUpdate(newChildFields(created), changes);
}

/**
 * Queues an action. A child added offline has no server id until it syncs; the app uses its
 * add's clientId as its id meanwhile, so a later edit of it is folded into the queued add, and
 * removing it drops the add (nothing about it reaches the server). A completion naming such a
 * child leaves them out: the server would refuse a child it does not know, and with it the
 * completion.
 */
export async function enqueueAction(
  input: SyncActionInput,
  { clientId = randomId(), now = new Date() }: { clientId?: string; now?: Date } = {},
): Promise<void> {
  const familyId = actingFamily();
  const familyName = actingFamilyName();
  const action = valid({
    ...input,
    clientId,
    queuedAt: now.toISOString(),
    ...(familyId !== undefined && { familyId }),
  });
  const db = await offlineDb();
  const tx = db.transaction('offline-queue', 'readwrite');
  if (action.kind === 'addAchievement' && action.payload.childIds !== undefined) {
    const known: string[] = [];
    for (const id of action.payload.childIds) {
      if ((await tx.store.index('clientId').get(id))?.kind !== 'addChild') known.push(id);
    }
    action.payload.childIds = known;
  }
  const childId =
    action.kind === 'updateChild' || action.kind === 'removeChild'
      ? action.payload.childId
      : undefined;
  const added = childId === undefined ? undefined : await tx.store.index('clientId').get(childId);
  const add = added === undefined ? undefined : valid(added);
  if (add?.kind === 'addChild' && action.kind === 'updateChild') {
    const payload = foldChildUpdate(add.payload, action.payload.changes);
    await tx.store.put({
      ...valid({ ...add, payload }),
      ...(added?.familyName !== undefined && { familyName: added.familyName }),
      seq: added?.seq,
    } satisfies StoredAction);
  } else if (add?.kind === 'addChild' && action.kind === 'removeChild') {
    await tx.store.delete(added?.seq as number);
  } else {
    await tx.store.add({
      ...action,
      ...(familyName !== undefined && { familyName }),
    } satisfies StoredAction);
  }
  await tx.done;
  await queueChanged();
}

/** What a queueable action came to: the endpoint's answer, or a place in the queue. */
export type Sent<T> = { queued: false; result: T } | { queued: true };

/**
 * Online with nothing queued, an action goes to its own endpoint (`send`). Offline, or behind
 * actions still queued (they must reach the server first, in order), it is queued. A call that
 * got no answer is queued too: the server may have applied it before the connection dropped, so
 * every action is one that applying twice leaves as once (marks, profile and child changes), or
 * whose call carries the `clientId` it is queued under (a completion, an added child). A refusal
 * (4xx) is not queued: it would be refused again.
 */
export async function sendOrQueue<T>(
  action: SyncActionInput,
  send: () => Promise<T>,
  { clientId }: { clientId?: string } = {},
): Promise<Sent<T>> {
  const db = await offlineDb();
  if (!browserOffline() && (await db.count('offline-queue')) === 0) {
    try {
      return { queued: false, result: await send() };
    } catch (error) {
      if (!isServerUnreachable(error)) throw error;
    }
  }
  await enqueueAction(action, { clientId });
  return { queued: true };
}
