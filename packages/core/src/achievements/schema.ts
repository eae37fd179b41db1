import { z } from 'zod';
import { ZActivityLocation, ZWeatherCondition } from '../activities/schema.ts';
import { ZUserActivity } from '../activities/user-activity.ts';
import { ZCalendarDay, ZDateTimeInput } from '../validation/date-time.ts';

const count = z.number().int().min(0);

export const ZAchievementCategory = z.enum(['activities', 'streaks', 'milestones', 'special']);
export type TAchievementCategory = z.infer<typeof ZAchievementCategory>;

/** An achievement as a family sees it (spec §3 Achievement): its definition plus its progress. */
export const ZAchievement = z.object({
  id: z.string(),
  /** The spec's owner field: the id of the family whose achievement it is. */
  userId: z.string(),
  title: z.string(),
  description: z.string(),
  /** A Material icon name. */
  icon: z.string(),
  category: ZAchievementCategory,
  points: count,
  isUnlocked: z.boolean(),
  unlockedAt: z.string().nullable(),
  progress: count,
  maxProgress: z.number().int().min(1),
});
export type TAchievement = z.infer<typeof ZAchievement>;

export const ZAchievementList = z.object({ achievements: z.array(ZAchievement) });
export type TAchievementList = z.infer<typeof ZAchievementList>;

/** How much one member played: completions logged and their minutes. */
export const ZMemberPlay = z.object({
  userId: z.string(),
  name: z.string(),
  activities: count,
  minutes: count,
});
export type TMemberPlay = z.infer<typeof ZMemberPlay>;

/** How much one of the family's children played: the completions that named them, and their minutes. */
export const ZChildPlay = z.object({
  childId: z.string(),
  name: z.string(),
  activities: count,
  minutes: count,
});
export type TChildPlay = z.infer<typeof ZChildPlay>;

/**
 * Family stats (spec §3). `totalTimeSpent` is in minutes; `favoriteActivities` is the number of
 * activities the family currently marks as favourite; `lastActivityDate` is YYYY-MM-DD in the
 * family's timezone.
 */
export const ZFamilyStats = z.object({
  totalActivities: count,
  currentStreak: count,
  longestStreak: count,
  totalPoints: count,
  achievementsUnlocked: count,
  totalTimeSpent: count,
  favoriteActivities: count,
  lastActivityDate: ZCalendarDay.nullable(),
  /**
   * Who played how much: one entry per current member (in the order they joined), then anyone
   * who has left but completed activities while a member. Completions from before families were
   * shared count for the user who owned the account then.
   */
  byMember: z.array(ZMemberPlay),
  /**
   * How much each of the family's children played, in the family's order: completions count for
   * the children they name (those logged before completions named children count for none).
   * Answers stored before it (a completion replayed by its clientId) read as none.
   */
  byChild: z.array(ZChildPlay).default([]),
});
export type TFamilyStats = z.infer<typeof ZFamilyStats>;

/** One completed activity, with what the achievements look at. */
export const ZCompletion = z.object({
  activityId: z.string().min(1),
  category: z.string(),
  location: ZActivityLocation,
  /** The weather condition when it was done, when known. */
  weather: ZWeatherCondition.nullable(),
  minutes: z.number().int().min(1),
  completedAt: ZDateTimeInput,
});
export type TCompletion = z.infer<typeof ZCompletion>;

/**
 * Everything the rules need to go on from one completion to the next: the stats that are not
 * derived (points and unlocked count are) plus what the extra achievements count. Stored as JSON.
 */
export const ZProgressState = z.object({
  totalActivities: count,
  totalTimeSpent: count,
  /**
   * Every local day (YYYY-MM-DD, family timezone) with a completion, sorted, unique: the streaks
   * and the last activity date below follow from them (core `streaksOf`), whatever order the
   * completions arrived in.
   */
  playedDays: z
    .array(ZCalendarDay)
    .refine((days) => days.every((day, i) => i === 0 || (days[i - 1] ?? '') < day), {
      message: 'must be sorted and unique',
    }),
  currentStreak: count,
  longestStreak: count,
  lastActivityDate: ZCalendarDay.nullable(),
  /** Distinct activity ids done, sorted. */
  activitiesDone: z.array(z.string()),
  /** Distinct categories done, sorted. */
  categoriesTried: z.array(z.string()),
  rainyOutdoorActivities: count,
  earlyActivities: count,
  weekendActivities: count,
  /** Unlocked achievement ids, in the order they were unlocked. */
  unlocked: z.array(z.string()),
});
export type TProgressState = z.infer<typeof ZProgressState>;

export const MAX_COMPLETION_MINUTES = 600;
/** How far ahead of the server's clock a completion time may be (clock skew of a device). */
export const COMPLETION_FUTURE_TOLERANCE_MS = 5 * 60_000;

/** Children a family may have, so children a completion may name. */
const MAX_COMPLETION_CHILDREN = 12;

/**
 * `POST /activities/{id}/complete`: minutes default to the activity's duration, time to now.
 * `childIds` are the family's children who played (each once; another family's or an unknown
 * child is refused with 400); left out, the completion names none.
 */
export const ZCompleteActivityBody = z.object({
  minutes: z.number().int().min(1).max(MAX_COMPLETION_MINUTES).optional(),
  completedAt: ZDateTimeInput.optional(),
  /** Set by the offline queue: the same id twice is one completion. */
  clientId: z.string().min(1).max(100).optional(),
  childIds: z
    .array(z.string().min(1).max(100))
    .max(MAX_COMPLETION_CHILDREN)
    .refine((ids) => new Set(ids).size === ids.length, 'must not name a child twice')
    .optional(),
});
export type TCompleteActivityBody = z.infer<typeof ZCompleteActivityBody>;

/** The answer to a completion: the family's stats after it, what it unlocked, and the record. */
export const ZCompletionResult = z.object({
  stats: ZFamilyStats,
  newAchievements: z.array(ZAchievement),
  userActivity: ZUserActivity,
});
export type TCompletionResult = z.infer<typeof ZCompletionResult>;

/**
 * One completion as the family's activity log keeps it, and the export's `activity-log.json`
 * gives it: who logged it, the children who played, what, when (and the family's day), how long,
 * the weather then, and the answer the completion got (replayed for a repeated clientId).
 */
export const ZActivityLogEntry = z.object({
  id: z.string(),
  completedBy: z.string(),
  childIds: z.array(z.string()),
  activityId: z.string(),
  clientId: z.string().nullable(),
  minutes: count,
  completedAt: z.string(),
  localDay: ZCalendarDay,
  category: z.string(),
  location: z.string(),
  weather: z.string().nullable(),
  createdAt: z.string(),
  response: z.unknown(),
});
export type TActivityLogEntry = z.infer<typeof ZActivityLogEntry>;
