import type { TFamilyRole } from '@kkb/core/family/members';
import { isAllowed } from '@kkb/core/family/permissions';
import {
  FOREIGN_FAMILY_SYNC_MESSAGE,
  parseSyncAction,
  SYNC_ACTION_PERMISSIONS,
  type TQueuedSyncAction,
  type TSyncAction,
  type TSyncResult,
} from '@kkb/core/sync/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { permissionDenied } from '../../plugins/family-access.ts';
import {
  completeActivityIn,
  prepareCompletion,
  type UnlockedListener,
} from '../achievements/service.ts';
import { addChildIn, changeChildIn, removeChildIn, updateProfileIn } from '../family/service.ts';
import { removeRecord, setMarkIn } from '../user-activities/service.ts';
import type { WeatherService } from '../weather/service.ts';
import { findSyncAction, insertSyncAction, type SyncActionRow } from './repository.ts';

/** Who syncs, and what their actions reach. */
export interface SyncContext {
  database: Database;
  weather: WeatherService;
  member: FamilyMember;
  role: TFamilyRole;
  log: FastifyBaseLogger;
  /** Told of achievements a queued completion unlocks, in its transaction (notifications). */
  onUnlocked: UnlockedListener;
}

/** An action its family's data refuses: answered `rejected`, and recorded as such. */
class Rejection extends Error {}

/**
 * Runs `work`, turning what the route doing the same online would refuse (a 4xx: the activity is
 * gone, a child limit, a bad time) into a rejection. Anything else (the database failing) fails
 * the whole request, and the action is retried with the next sync.
 */
async function refusalsRejected<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) throw new Rejection(error.message);
    throw error;
  }
}

type Change = (trx: Transaction<DB>) => Promise<unknown>;

/**
 * How one action changes the family's data, through the functions its online route uses. What
 * must be read outside the family's lock (a completion's weather) is read here, first.
 */
async function changeOf(ctx: SyncContext, action: TSyncAction, now: Date): Promise<Change> {
  const { member } = ctx;
  const nowIso = now.toISOString();
  switch (action.kind) {
    case 'saveUserActivity': {
      const { activityId, mark, on } = action.payload;
      return (trx) => setMarkIn(trx, member, activityId, mark, on, nowIso);
    }
    case 'removeUserActivity':
      return (trx) => removeRecord(trx, member.familyId, action.payload.activityId);
    case 'addAchievement': {
      const { activityId, ...payload } = action.payload;
      // It counts for the day it was done: without a time of its own, when it was queued. Its
      // clientId is the completion's too: the app queues a completion whose online call got no
      // answer under the clientId that call carried, so one that did arrive is not counted twice.
      const body = {
        ...payload,
        completedAt: payload.completedAt ?? action.queuedAt,
        clientId: action.clientId,
      };
      const { database, weather } = ctx;
      const setting = await prepareCompletion(database, weather, member.familyId, body, now);
      return (trx) =>
        completeActivityIn(
          trx,
          database.kind,
          member,
          activityId,
          body,
          setting,
          now,
          ctx.onUnlocked,
        );
    }
    case 'updateProfile':
      return (trx) => updateProfileIn(trx, member, action.payload, nowIso);
    case 'addChild':
      return (trx) => addChildIn(trx, member, action.payload, nowIso);
    case 'updateChild': {
      const { childId, changes } = action.payload;
      return (trx) => changeChildIn(trx, member, { id: childId }, changes, nowIso);
    }
    case 'removeChild':
      return (trx) => removeChildIn(trx, member, { id: action.payload.childId });
  }
}

/** The answer to a clientId synced before: the same rejection, or `duplicate` once applied. */
function answerOf(row: SyncActionRow): TSyncResult {
  return row.status === 'rejected'
    ? { clientId: row.clientId, status: 'rejected', detail: row.detail ?? '' }
    : { clientId: row.clientId, status: 'duplicate' };
}

/** Records a rejection, unless the clientId was synced meanwhile (another tab). */
function rejectOnce(ctx: SyncContext, queued: TQueuedSyncAction, detail: string) {
  const { familyId } = ctx.member;
  return inFamilyTransaction(ctx.database, ctx.member, async (trx): Promise<TSyncResult> => {
    const done = await findSyncAction(trx, familyId, queued.clientId);
    if (done) return answerOf(done);
    await insertSyncAction(trx, {
      familyId,
      clientId: queued.clientId,
      kind: queued.kind,
      status: 'rejected',
      detail,
      appliedAt: new Date().toISOString(),
    });
    return { clientId: queued.clientId, status: 'rejected', detail };
  });
}

/**
 * One action, at most once: under the family's lock (two tabs syncing at once wait for each
 * other), a clientId already recorded is answered from its record; otherwise the change and its
 * record commit together, so a crash or a lost answer leaves either both or neither.
 */
async function syncOne(ctx: SyncContext, queued: TQueuedSyncAction): Promise<TSyncResult> {
  // The family is the session's, always. An action marked with another (done in a family the
  // member has left or been removed from since) is rejected without reading anything of that
  // family: its records answering `duplicate` told anyone who named a family and a clientId
  // whether that family had synced it (issue 28).
  if (queued.familyId !== undefined && queued.familyId !== ctx.member.familyId) {
    return rejectOnce(ctx, queued, FOREIGN_FAMILY_SYNC_MESSAGE);
  }
  const parsed = parseSyncAction(queued);
  if (!parsed.success) {
    if (parsed.unknownKind) {
      ctx.log.warn({ kind: queued.kind, clientId: queued.clientId }, 'unknown sync action kind');
    }
    return rejectOnce(ctx, queued, parsed.detail);
  }
  const { action } = parsed;
  const permission = SYNC_ACTION_PERMISSIONS[action.kind];
  if (!isAllowed(ctx.role, permission)) {
    return rejectOnce(ctx, queued, permissionDenied(permission).message);
  }
  const { familyId } = ctx.member;
  const now = new Date();
  try {
    const change = await refusalsRejected(() => changeOf(ctx, action, now));
    return await inFamilyTransaction(ctx.database, ctx.member, async (trx) => {
      const done = await findSyncAction(trx, familyId, action.clientId);
      if (done) return answerOf(done);
      await refusalsRejected(() => change(trx));
      await insertSyncAction(trx, {
        familyId,
        clientId: action.clientId,
        kind: action.kind,
        status: 'applied',
        detail: null,
        appliedAt: now.toISOString(),
      });
      return { clientId: action.clientId, status: 'applied' };
    });
  } catch (error) {
    if (!(error instanceof Rejection)) throw error;
    return rejectOnce(ctx, queued, error.message);
  }
}

/**
 * `POST /sync`: the actions one after another, in the order queued, each in its own
 * transaction. A failure that is not the action's fault (the database) ends the request; what
 * was applied before it stays applied and answers `duplicate` when the app sends it again.
 */
export async function syncActions(
  ctx: SyncContext,
  actions: readonly TQueuedSyncAction[],
): Promise<TSyncResult[]> {
  const results: TSyncResult[] = [];
  for (const queued of actions) results.push(await syncOne(ctx, queued));
  return results;
}
