import { z } from 'zod';
import { ZLimit, ZSkip } from '../activities/query.ts';
import { ZDateTimeInput } from '../validation/date-time.ts';

/**
 * The kinds of notification (spec §7's five typed endpoints, plus `general` for the plain
 * `POST /`). Each kind but `general` has an on/off switch in the user's preferences.
 */
export const ZNotificationType = z.enum([
  'activity_reminder',
  'weather_alert',
  'achievement',
  'activity_suggestion',
  'daily_summary',
  'general',
]);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/**
 * Free data a notification carries. `link` is an app path (starting with "/") the notification
 * opens; the rest depends on the kind (e.g. `activityId`, `achievementId`).
 */
export const ZNotificationData = z
  .record(z.string().max(64), z.unknown())
  .refine(
    (data) =>
      data.link === undefined || (typeof data.link === 'string' && /^\/(?!\/)/.test(data.link)),
    {
      message: 'link must be a path within the app, starting with a single "/"',
      path: ['link'],
    },
  );
export type TNotificationData = z.infer<typeof ZNotificationData>;

/** A notification (spec §3): `read_at` and `readAt` both, as the spec names both. */
export const ZNotification = z.object({
  id: z.string(),
  userId: z.string(),
  type: ZNotificationType,
  title: z.string(),
  message: z.string(),
  data: ZNotificationData,
  read: z.boolean(),
  read_at: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.object({ notifications: z.array(ZNotification) });
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZUnreadCount = z.object({ count: z.number().int().min(0) });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** `GET /notifications?skip&limit&read_only&notification_type` (spec §7; defaults 0/50). */
export const ZNotificationListQuery = z.object({
  skip: ZSkip,
  limit: ZLimit,
  /** true: only read ones; false or absent: all (spec §7 names the flag, not its meaning). */
  read_only: booleanQuery.optional(),
  notification_type: ZNotificationType.optional(),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

/** `DELETE /notifications?read_only`: true deletes only the read ones. */
export const ZNotificationDeleteQuery = z.object({ read_only: booleanQuery.optional() });

const title = z.string().max(120).trim().min(1);
const text = z.string().max(500).trim().min(1);
const name = z.string().max(100).trim().min(1);

/** A notification's data is a handful of ids and a link; this bounds what a client may store. */
export const MAX_NOTIFICATION_DATA_CHARS = 4096;

/** `POST /notifications`: a notification of one's own, any kind. */
export const ZNotificationInput = z.object({
  type: ZNotificationType.default('general'),
  title,
  message: text,
  data: ZNotificationData.refine(
    (data) => JSON.stringify(data).length <= MAX_NOTIFICATION_DATA_CHARS,
    `must be at most ${MAX_NOTIFICATION_DATA_CHARS} characters as JSON`,
  ).default({}),
});
export type TNotificationInput = z.infer<typeof ZNotificationInput>;

/** `POST /notifications/activity-reminder` (spec §7). In the future: scheduled, else at once. */
export const ZActivityReminderBody = z.object({
  activity_name: name,
  scheduled_time: ZDateTimeInput,
  child_name: name.optional(),
  /** Beyond the spec: the catalogue or own activity it is about, so the reminder links to it. */
  activity_id: z.string().max(64).trim().min(1).optional(),
});
export type TActivityReminderBody = z.infer<typeof ZActivityReminderBody>;

/** `POST /notifications/weather-alert` (spec §7). */
export const ZWeatherAlertBody = z.object({
  weather_condition: name,
  temperature: z.number().min(-100).max(100),
  location: name,
});
export type TWeatherAlertBody = z.infer<typeof ZWeatherAlertBody>;

/** `POST /notifications/achievement` (spec §7; points_earned defaults to 0). */
export const ZAchievementNotificationBody = z.object({
  achievement_name: name,
  achievement_description: text,
  points_earned: z.number().int().min(0).max(100_000).default(0),
});
export type TAchievementNotificationBody = z.infer<typeof ZAchievementNotificationBody>;

/** `POST /notifications/activity-suggestion` (spec §7). */
export const ZActivitySuggestionBody = z.object({
  activity_name: name,
  reason: text,
  child_age: z.number().int().min(0).max(18),
});
export type TActivitySuggestionBody = z.infer<typeof ZActivitySuggestionBody>;

/** `POST /notifications/daily-summary` (spec §7; total_time in minutes). */
export const ZDailySummaryBody = z.object({
  activities_completed: z.number().int().min(0).max(10_000),
  total_time: z.number().int().min(0).max(100_000),
  achievements_earned: z.number().int().min(0).max(1_000),
});
export type TDailySummaryBody = z.infer<typeof ZDailySummaryBody>;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const ZClockTime = z.string().regex(HH_MM, 'must be a time of day as HH:MM (24-hour clock)');

/** The kinds a user can switch on and off, in the order the preferences page lists them. */
export const NOTIFICATION_KIND_SWITCHES = [
  'activityReminders',
  'weatherAlerts',
  'achievements',
  'activitySuggestions',
  'dailySummary',
] as const;
export type TNotificationKindSwitch = (typeof NOTIFICATION_KIND_SWITCHES)[number];

const kindSwitches = z.object({
  activityReminders: z.boolean(),
  weatherAlerts: z.boolean(),
  achievements: z.boolean(),
  activitySuggestions: z.boolean(),
  dailySummary: z.boolean(),
});

/**
 * A user's notification preferences (the spec leaves their shape to us). `enabled` is the master
 * switch (the profile's `notifications`); `weatherAlerts` and `activityReminders` are the
 * profile's toggles of the same names. Quiet hours (local time in the family's timezone, may
 * wrap past midnight) hold back what would arrive inside them until they end. `push` says which
 * kinds also go to the user's devices as push messages.
 */
export const ZNotificationPreferences = kindSwitches.extend({
  enabled: z.boolean(),
  dailySummaryTime: ZClockTime,
  quietHours: z.object({ enabled: z.boolean(), start: ZClockTime, end: ZClockTime }),
  push: kindSwitches,
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** `PUT /notifications/preferences`: any part; the rest stays as it was. */
export const ZNotificationPreferencesInput = kindSwitches.partial().extend({
  enabled: z.boolean().optional(),
  dailySummaryTime: ZClockTime.optional(),
  quietHours: z
    .object({ enabled: z.boolean(), start: ZClockTime, end: ZClockTime })
    .partial()
    .optional(),
  push: kindSwitches.partial().optional(),
});
export type TNotificationPreferencesInput = z.infer<typeof ZNotificationPreferencesInput>;

const allOn = {
  activityReminders: true,
  weatherAlerts: true,
  achievements: true,
  activitySuggestions: true,
  dailySummary: true,
};

/** What a user has before they change anything: everything on, summary at 19:00, quiet 21:00–07:00. */
export const DEFAULT_NOTIFICATION_PREFERENCES: TNotificationPreferences = {
  enabled: true,
  ...allOn,
  dailySummaryTime: '19:00',
  quietHours: { enabled: true, start: '21:00', end: '07:00' },
  push: { ...allOn },
};

/** `POST /notifications/mark-all-read`: how many notifications became read. */
export const ZMarkAllReadResult = z.object({ marked: z.number().int().min(0) });
export type TMarkAllReadResult = z.infer<typeof ZMarkAllReadResult>;

/**
 * What a typed POST (`/activity-reminder`, `/weather-alert`, ...) did with the notification:
 * - `created` (201): it is in the list now;
 * - `scheduled` (202): it arrives at `deliverAt`, a reminder's future `scheduled_time` or the end
 *   of the user's quiet hours;
 * - `switched_off` (200): the user's preferences turn this kind off, so nothing was made.
 */
export const ZNotificationDeliveryStatus = z.enum(['created', 'scheduled', 'switched_off']);
export type TNotificationDeliveryStatus = z.infer<typeof ZNotificationDeliveryStatus>;

export const ZNotificationDelivery = z.object({
  status: ZNotificationDeliveryStatus,
  /** The notification when `created`; null otherwise. */
  notification: ZNotification.nullable(),
  /** When it reaches (or reached) the user; null when `switched_off`. */
  deliverAt: z.string().nullable(),
});
export type TNotificationDelivery = z.infer<typeof ZNotificationDelivery>;
