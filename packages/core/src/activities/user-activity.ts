import { z } from 'zod';

/** Spec §3 user activity record status (the spec names favorite and tried). */
export const ZUserActivityStatus = z.enum(['favorite', 'tried']);
export type TUserActivityStatus = z.infer<typeof ZUserActivityStatus>;

/** A family's record of one activity (spec §3 User activity record). */
export const ZUserActivity = z.object({
  id: z.string(),
  /** The member who last changed the record. */
  userId: z.string(),
  activityId: z.string(),
  status: ZUserActivityStatus,
  completedAt: z.string().nullable(),
  /** The member who logged the latest completion (null when never completed). */
  completedBy: z.string().nullable(),
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
  status: TUserActivityStatus;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Spec §4 user activity status: adding an already recorded activity only changes its status;
 * otherwise a record is added with the current time.
 */
export function recordUserActivityStatus(
  existing: UserActivityFields | undefined,
  status: TUserActivityStatus,
  nowIso: string,
): UserActivityFields {
  if (existing) return { ...existing, status, updatedAt: nowIso };
  return { status, completedAt: null, createdAt: nowIso, updatedAt: nowIso };
}
