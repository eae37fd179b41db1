import { z } from 'zod';
import { ZActivityLocation, ZWeatherCondition } from '../activities/schema.ts';
import { ZUserActivity } from '../activities/user-activity.ts';
import { ZDateTimeInput } from '../validation/date-time.ts';

const YYYY_MM_DD = /^\d{4}-\d{2}-\d{2}$/;
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
  lastActivityDate: z.string().regex(YYYY_MM_DD).nullable(),
  /**
   * Who played how much: one entry per current member (in the order they joined), then anyone
   * who has left but completed activities while a member. Completions from before families were
   * shared count for the user who owned the account then.
   */
  byMember: z.array(ZMemberPlay),
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
    .array(z.string().regex(YYYY_MM_DD))
    .refine((days) => days.every((day, i) => i === 0 || (days[i - 1] ?? '') < day), {
      message: 'must be sorted and unique',
    }),
  currentStreak: count,
  longestStreak: count,
  lastActivityDate: z.string().regex(YYYY_MM_DD).nullable(),
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

/** `POST /activities/{id}/complete`: minutes default to the activity's duration, time to now. */
export const ZCompleteActivityBody = z.object({
  minutes: z.number().int().min(1).max(MAX_COMPLETION_MINUTES).optional(),
  completedAt: ZDateTimeInput.optional(),
  /** Set by the offline queue: the same id twice is one completion. */
  clientId: z.string().min(1).max(100).optional(),
});
export type TCompleteActivityBody = z.infer<typeof ZCompleteActivityBody>;

/** The answer to a completion: the family's stats after it, what it unlocked, and the record. */
export const ZCompletionResult = z.object({
  stats: ZFamilyStats,
  newAchievements: z.array(ZAchievement),
  userActivity: ZUserActivity,
});
export type TCompletionResult = z.infer<typeof ZCompletionResult>;
