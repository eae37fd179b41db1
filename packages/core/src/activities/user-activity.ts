import { z } from 'zod';

/** Spec §3 user activity record status (the spec names favorite and tried). */
export const ZUserActivityStatus = z.enum(['favorite', 'tried']);
export type TUserActivityStatus = z.infer<typeof ZUserActivityStatus>;

/** The two marks a family sets independently: a favourite can be tried and still a favourite. */
export const ZUserActivityMark = z.enum(['favorite', 'tried']);
export type TUserActivityMark = z.infer<typeof ZUserActivityMark>;

/**
 * A family's record of one activity (spec §3 User activity record). `favorite` and `tried` are
 * independent; `tried` means done at least once (a completion sets it) or marked tried. `status`
 * is the spec's single value for clients of the §4 API: 'favorite' while it is a favourite, else
 * 'tried'.
 */
export const ZUserActivity = z.object({
  id: z.string(),
  /** The member who last changed the record. */
  userId: z.string(),
  activityId: z.string(),
  status: ZUserActivityStatus,
  favorite: z.boolean(),
  tried: z.boolean(),
  completedAt: z.string().nullable(),
  /** The member who logged the latest completion (null when never completed). */
  completedBy: z.string().nullable(),
  /**
   * The children who played in the latest completion (their ids; empty when never completed, or
   * when the completion named none, as those logged before completions recorded children).
   */
  completedChildIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TUserActivity = z.infer<typeof ZUserActivity>;

/** `GET /user-activities` answer: newest `createdAt` first. */
export const ZUserActivityList = z.object({
  userActivities: z.array(ZUserActivity),
  total: z.number().int().min(0),
  skip: z.number().int().min(0),
  limit: z.number().int().min(1),
});
export type TUserActivityList = z.infer<typeof ZUserActivityList>;

/** Body of `PUT /user-activities/{activityId}`. */
export const ZUserActivityStatusBody = z.strictObject({ status: ZUserActivityStatus });
export type TUserActivityStatusBody = z.infer<typeof ZUserActivityStatusBody>;

export interface UserActivityFields {
  favorite: boolean;
  tried: boolean;
  completedAt: string | null;
  /** The member who logged the latest completion. */
  completedBy: string | null;
  /** The children who played in the latest completion. */
  completedChildIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** A record before any mark, created now. */
function unmarked(nowIso: string): UserActivityFields {
  return {
    favorite: false,
    tried: false,
    completedAt: null,
    completedBy: null,
    completedChildIds: [],
    createdAt: nowIso,
    updatedAt: nowIso,
  };
}

/** The spec's single status of a record: 'favorite' while it is a favourite, else 'tried'. */
export function statusOf(fields: { favorite: boolean }): TUserActivityStatus {
  return fields.favorite ? 'favorite' : 'tried';
}

/**
 * Spec §4 user activity status (`PUT /user-activities/{activityId} {status}`): adding an already
 * recorded activity only changes its status; otherwise a record is added with the current time.
 * 'favorite' makes it a favourite (what was tried stays tried); 'tried' makes it tried and, as the
 * status is one value, no longer a favourite.
 */
export function recordUserActivityStatus(
  existing: UserActivityFields | undefined,
  status: TUserActivityStatus,
  nowIso: string,
): UserActivityFields {
  const base = existing ?? unmarked(nowIso);
  const marks = status === 'favorite' ? { favorite: true } : { favorite: false, tried: true };
  return { ...base, ...marks, updatedAt: nowIso };
}

/**
 * Sets or clears one mark and keeps the other. Clearing 'tried' also forgets when it was last
 * done, by whom and with which children (the family's stats keep every completion). Undefined when nothing is left to record: the
 * record is then removed.
 */
export function setUserActivityMark(
  existing: UserActivityFields | undefined,
  mark: TUserActivityMark,
  on: boolean,
  nowIso: string,
): UserActivityFields | undefined {
  const base = existing ?? unmarked(nowIso);
  const next =
    mark === 'favorite'
      ? { ...base, favorite: on }
      : on
        ? { ...base, tried: true }
        : { ...base, tried: false, completedAt: null, completedBy: null, completedChildIds: [] };
  if (!next.favorite && !next.tried) return undefined;
  return { ...next, updatedAt: nowIso };
}

/**
 * A completion logged by the member `completedBy` with the children `childIds`: the activity is
 * tried and remembers when it was done, by whom and with whom; a favourite stays one.
 */
export function recordCompletion(
  existing: UserActivityFields | undefined,
  completedAtIso: string,
  completedBy: string,
  nowIso: string,
  childIds: readonly string[] = [],
): UserActivityFields {
  return {
    ...(existing ?? unmarked(nowIso)),
    tried: true,
    completedAt: completedAtIso,
    completedBy,
    completedChildIds: [...childIds],
    updatedAt: nowIso,
  };
}
