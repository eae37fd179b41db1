import { z } from 'zod';
import { ZCompleteActivityBody } from '../achievements/schema.ts';
import { ZActivity } from '../activities/schema.ts';
import { ZUserActivityMark } from '../activities/user-activity.ts';
import { ZChildCreate, ZChildUpdate, ZProfileUpdate } from '../family/schema.ts';
import type { TFamilyAction } from '../family/permissions.ts';
import { ZDateTimeInput } from '../validation/date-time.ts';
import { ZSyncClientId } from './client-id.ts';
import { MAX_SYNC_ACTIONS } from './limits.ts';

/**
 * Offline sync (DESIGN, Sync; spec §4 Connectivity): the web app queues what a member does while
 * offline and sends the queue, oldest first, to `POST /api/v1/sync` once back online. The server
 * applies each action at most once per family, ever (by its `clientId`), in the order sent.
 */

const ZActivityId = ZActivity.shape.id;
const ZChildId = z.string().min(1).max(100);

/**
 * Each kind's payload. The spec's kinds are saveUserActivity, updateProfile and addAchievement
 * (a completion); removeUserActivity and the child kinds are ours, because the app lets a member
 * do those offline too. Payloads are the bodies of the routes that do the same online.
 */
export const SYNC_PAYLOADS = {
  /** `PUT` (`on: true`) or `DELETE` (`on: false`) `/user-activities/{activityId}/{mark}`. */
  saveUserActivity: z.strictObject({
    activityId: ZActivityId,
    mark: ZUserActivityMark,
    on: z.boolean(),
  }),
  /** `DELETE /user-activities/{activityId}`. */
  removeUserActivity: z.strictObject({ activityId: ZActivityId }),
  /**
   * `POST /activities/{activityId}/complete {minutes?, completedAt?, childIds?}`. It counts for
   * the day it was done: `completedAt`, or when absent the time the action was queued.
   */
  addAchievement: ZCompleteActivityBody.omit({ clientId: true }).extend({
    activityId: ZActivityId,
  }),
  /** `PUT /profile`: the deep-merge body (children have their own kinds). */
  updateProfile: ZProfileUpdate,
  /**
   * `POST /children`. A child added offline has no id until it is synced: the app folds later
   * offline edits of that child into this action's payload instead of queueing them.
   */
  addChild: ZChildCreate,
  /** `PATCH /children/{childId}`. */
  updateChild: z.strictObject({ childId: ZChildId, changes: ZChildUpdate }),
  /** `DELETE /children/{childId}`. */
  removeChild: z.strictObject({ childId: ZChildId }),
} as const;

export type TSyncActionKind = keyof typeof SYNC_PAYLOADS;
export const SYNC_ACTION_KINDS = Object.keys(SYNC_PAYLOADS) as TSyncActionKind[];

/** What each kind does, as the family's roles see it: a caregiver may mark and complete, no more. */
export const SYNC_ACTION_PERMISSIONS: Readonly<Record<TSyncActionKind, TFamilyAction>> = {
  saveUserActivity: 'user-activities.edit',
  removeUserActivity: 'user-activities.edit',
  addAchievement: 'activities.complete',
  updateProfile: 'profile.edit',
  addChild: 'children.edit',
  updateChild: 'children.edit',
  removeChild: 'children.edit',
};

const envelope = {
  clientId: ZSyncClientId,
  /** When the app queued it (ISO 8601). */
  queuedAt: ZDateTimeInput,
  /**
   * The family it was done in. One made in a family the member has left or been removed from
   * since is rejected (`FOREIGN_FAMILY_SYNC_MESSAGE`), never applied to the family they are in
   * now. Only compared with the family of the session, whose actions these are: it is never used
   * to look anything up in the family it names. Optional: actions queued before the app sent it
   * apply to the member's family.
   */
  familyId: z.string().min(1).max(100).optional(),
};
const actionOf = <K extends TSyncActionKind>(kind: K) =>
  z.object({ ...envelope, kind: z.literal(kind), payload: SYNC_PAYLOADS[kind] });

/** One queued action of a known kind with its valid payload. */
export const ZSyncAction = z.discriminatedUnion('kind', [
  actionOf('saveUserActivity'),
  actionOf('removeUserActivity'),
  actionOf('addAchievement'),
  actionOf('updateProfile'),
  actionOf('addChild'),
  actionOf('updateChild'),
  actionOf('removeChild'),
]);
export type TSyncAction = z.infer<typeof ZSyncAction>;

/**
 * One action as the request carries it. Only its id and time must be well formed for the batch
 * to be read; its kind and payload are checked one action at a time (`parseSyncAction`), so an
 * action of an unknown kind or with a bad payload is answered `rejected` and the others apply.
 */
export const ZQueuedSyncAction = z.object({
  ...envelope,
  kind: z
    .string()
    .min(1)
    .max(64)
    .meta({ description: `One of ${SYNC_ACTION_KINDS.join(', ')}` }),
  payload: z.unknown().meta({
    description:
      'By kind: saveUserActivity {activityId, mark: favorite|tried, on}; removeUserActivity ' +
      '{activityId}; addAchievement {activityId, minutes?, completedAt?, childIds?}; ' +
      'updateProfile: the body of PUT /profile; addChild: the body of POST /children; ' +
      'updateChild {childId, changes: the body of PATCH /children/{id}}; removeChild {childId}',
  }),
});
export type TQueuedSyncAction = z.infer<typeof ZQueuedSyncAction>;

/** Body of `POST /api/v1/sync`: the queue, oldest first. */
export const ZSyncRequest = z.strictObject({
  actions: z.array(ZQueuedSyncAction).min(1).max(MAX_SYNC_ACTIONS),
});
export type TSyncRequest = z.infer<typeof ZSyncRequest>;

/**
 * - `applied`: done now.
 * - `duplicate`: done before, by an earlier request with this clientId (an answer that was lost,
 *   another tab); nothing changed now.
 * - `rejected`: not done and never will be (`detail` says why); the app drops it with a note. A
 *   rejection is kept, so the same clientId sent again is answered `rejected` with the same detail.
 */
export const ZSyncStatus = z.enum(['applied', 'duplicate', 'rejected']);
export type TSyncStatus = z.infer<typeof ZSyncStatus>;

export const ZSyncResult = z.object({
  clientId: z.string(),
  status: ZSyncStatus,
  detail: z.string().optional(),
});
export type TSyncResult = z.infer<typeof ZSyncResult>;

/** The answer: one result per action, in the order sent. */
export const ZSyncResponse = z.object({ results: z.array(ZSyncResult) });
export type TSyncResponse = z.infer<typeof ZSyncResponse>;

/** Why an action done in another family than the member's current one is rejected. */
export const FOREIGN_FAMILY_SYNC_MESSAGE =
  'It was done in a family you are no longer a member of, so it was not applied to your current family';

export const unknownSyncKindMessage = (kind: string): string =>
  `Unknown action kind "${kind}": this server knows ${SYNC_ACTION_KINDS.join(', ')}`;

export type SyncActionParse =
  { success: true; action: TSyncAction } | { success: false; unknownKind: boolean; detail: string };

const isKnownKind = (kind: string): kind is TSyncActionKind => Object.hasOwn(SYNC_PAYLOADS, kind);

/**
 * Reads one queued action: its kind must be known and its payload valid for that kind. A failure
 * names the first problem as `payload.<field>: <message>`, as the API's 400 answers do.
 */
export function parseSyncAction(queued: TQueuedSyncAction): SyncActionParse {
  if (!isKnownKind(queued.kind)) {
    return { success: false, unknownKind: true, detail: unknownSyncKindMessage(queued.kind) };
  }
  const result = ZSyncAction.safeParse(queued);
  if (result.success) return { success: true, action: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'payload';
  return { success: false, unknownKind: false, detail: `${field}: ${issue?.message ?? 'invalid'}` };
}
