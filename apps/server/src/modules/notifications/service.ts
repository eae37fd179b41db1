import crypto from 'node:crypto';
import {
  mergeNotificationPreferences,
  preferencesFromStored,
} from '@kkb/core/notifications/preferences';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@kkb/core/achievements/calendar';
import type { TPushMessage } from '@kkb/core/push/schema';
import {
  achievementText,
  allowsKind,
  dailySummaryText,
  allowsPush,
  isHeldPushTimely,
  isQuietTime,
  pushTime,
  reminderText,
  suggestionText,
  weatherAlertText,
} from '@kkb/core/notifications/rules';
import type {
  TAchievementNotificationBody,
  TActivityReminderBody,
  TActivitySuggestionBody,
  TDailySummaryBody,
  TNotification,
  TNotificationData,
  TNotificationDelivery,
  TNotificationListQuery,
  TNotificationPreferences,
  TNotificationPreferencesInput,
  TNotificationType,
  TWeatherAlertBody,
} from '@kkb/core/notifications/schema';
import type { Database, Executor } from '../../db/database.ts';
import { inUserTransaction } from '../../db/family-lock.ts';
import { notFound } from '../../errors.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { PushService } from '../push/service.ts';
import type { LiveEvents } from '../../plugins/live-events.ts';
import {
  countUnread,
  deleteNotificationRow,
  deleteNotificationRows,
  findNotificationRow,
  findPreferencesDocument,
  findUserFamilySetting,
  insertNotification,
  listNotificationRows,
  markAllRowsRead,
  markRowRead,
  savePreferencesDocument,
  type NotificationRow,
  type UserFamilySetting,
} from './repository.ts';

const notificationNotFound = () => notFound('Notification');

/** A notification before it is stored: what it says and where it leads. */
export interface NotificationDraft {
  type: TNotificationType;
  title: string;
  message: string;
  data: TNotificationData;
}

function toNotification(row: NotificationRow): TNotification {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type as TNotificationType,
    title: row.title,
    message: row.message,
    data: JSON.parse(row.data) as TNotificationData,
    read: row.read === 1,
    read_at: row.readAt,
    readAt: row.readAt,
    createdAt: row.createdAt,
  };
}

export async function listNotifications(
  executor: Executor,
  userId: string,
  query: TNotificationListQuery,
): Promise<TNotification[]> {
  const rows = await listNotificationRows(executor, userId, {
    skip: query.skip,
    limit: query.limit,
    readOnly: query.read_only ?? false,
    type: query.notification_type,
  });
  return rows.map(toNotification);
}

export function unreadCount(executor: Executor, userId: string): Promise<number> {
  return countUnread(executor, userId);
}

/** Another user's notification is not found, exactly like a missing one. */
export async function getNotification(
  executor: Executor,
  userId: string,
  id: string,
): Promise<TNotification> {
  const row = await findNotificationRow(executor, userId, id);
  if (!row) throw notificationNotFound();
  return toNotification(row);
}

/** Stores a notification for the user now, whatever their preferences (see `deliver`). */
export async function createNotification(
  executor: Executor,
  userId: string,
  draft: NotificationDraft,
  now: Date,
): Promise<TNotification> {
  const row: NotificationRow = {
    id: crypto.randomUUID(),
    userId,
    type: draft.type,
    title: draft.title,
    message: draft.message,
    data: JSON.stringify(draft.data),
    read: 0,
    readAt: null,
    createdAt: now.toISOString(),
  };
  await insertNotification(executor, row);
  return toNotification(row);
}

export async function markNotificationRead(
  executor: Executor,
  userId: string,
  id: string,
  now: Date,
): Promise<TNotification> {
  const row = await markRowRead(executor, userId, id, now.toISOString());
  if (!row) throw notificationNotFound();
  return toNotification(row);
}

/** Marks every unread notification read; returns how many were. */
export async function markAllNotificationsRead(
  executor: Executor,
  userId: string,
  now: Date,
): Promise<number> {
  return (await markAllRowsRead(executor, userId, now.toISOString())).length;
}

export async function deleteNotification(
  executor: Executor,
  userId: string,
  id: string,
): Promise<void> {
  if (!(await deleteNotificationRow(executor, userId, id))) throw notificationNotFound();
}

/** Deletes all the user's notifications, or the read ones; returns how many went. */
export function deleteNotifications(
  executor: Executor,
  userId: string,
  readOnly: boolean,
): Promise<number> {
  return deleteNotificationRows(executor, userId, readOnly);
}

/** The user's preferences; the defaults until they change any. */
export async function getPreferences(
  executor: Executor,
  userId: string,
): Promise<TNotificationPreferences> {
  const document = await findPreferencesDocument(executor, userId);
  return preferencesFromStored(document === undefined ? undefined : JSON.parse(document));
}

/** Merges a change into the user's preferences, inside the caller's transaction. */
export async function mergePreferences(
  trx: Executor,
  userId: string,
  input: TNotificationPreferencesInput,
  now: Date,
): Promise<TNotificationPreferences> {
  const merged = mergeNotificationPreferences(await getPreferences(trx, userId), input);
  await savePreferencesDocument(trx, userId, JSON.stringify(merged), now.toISOString());
  return merged;
}

/** `PUT /notifications/preferences`: the user's row is locked for the read-modify-write. */
export function updatePreferences(
  database: Database,
  userId: string,
  input: TNotificationPreferencesInput,
  now: Date,
): Promise<TNotificationPreferences> {
  return inUserTransaction(database, userId, (trx) => mergePreferences(trx, userId, input, now));
}

/** Job kind: a notification due later (a future reminder) reaching its user at its time. */
export const DELIVER_JOB = 'notification.deliver';
/** Job kind: the push of a notification made inside quiet hours, when they end. */
export const HELD_PUSH_JOB = 'notification.push';

/**
 * What delivering needs besides the transaction: the jobs (to hold back), push (to reach the
 * user's devices) and the time.
 */
export interface DeliveryContext {
  jobs: Pick<Jobs, 'schedule'>;
  push: Pick<PushService, 'pushToUser'>;
  now: Date;
}

/** The push message of a notification (spec §7: title, body, icon, image, data with its link, label). */
export function pushMessageOf(notification: TNotification): TPushMessage {
  const link =
    typeof notification.data.link === 'string' ? notification.data.link : '/notifications';
  return {
    title: notification.title,
    body: notification.message,
    icon: '/icon-192.png',
    label: notification.type,
    data: { link, notificationId: notification.id },
  };
}

/** The timezone of the user's family (the spec's default when unknown or not a valid zone). */
export function timeZoneOf(setting: Pick<UserFamilySetting, 'familyInfo'> | undefined): string {
  const zone = setting && (JSON.parse(setting.familyInfo) as { timezone?: unknown }).timezone;
  return typeof zone === 'string' && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** Queues the push of a notification the user wants pushed: now, or when quiet hours end. */
async function pushOrHold(
  trx: Executor,
  context: DeliveryContext,
  notification: TNotification,
  quietHours: TNotificationPreferences['quietHours'],
  timeZone: string,
): Promise<void> {
  const { now } = context;
  const at = pushTime(quietHours, now, timeZone);
  if (at.getTime() > now.getTime()) {
    await context.jobs.schedule(trx, {
      kind: HELD_PUSH_JOB,
      runAt: at,
      payload: { userId: notification.userId, notificationId: notification.id },
    });
    return;
  }
  // Queued in the same transaction: a push goes out only for a notification that exists, and
  // the push services' pace never holds up this request.
  await context.push.pushToUser(trx, notification.userId, pushMessageOf(notification));
}

/**
 * A notification of one of the app's kinds for the user, due at `due` (now when omitted or
 * past): nothing when their preferences turn the kind off; made now when it is due, in their
 * list at once whatever the hour; a future one (a reminder) waits in a job for its time, when
 * the preferences are asked again. Quiet hours hold back only its push, until they end
 * (`sendHeldPush`). A user no longer in any family (the account is going) gets nothing.
 */
export async function deliver(
  trx: Executor,
  context: DeliveryContext,
  userId: string,
  draft: NotificationDraft,
  due: Date = context.now,
): Promise<TNotificationDelivery> {
  const { now } = context;
  const [preferences, setting] = await Promise.all([
    getPreferences(trx, userId),
    findUserFamilySetting(trx, userId),
  ]);
  if (!setting || !allowsKind(preferences, draft.type)) {
    return { status: 'switched_off', notification: null, deliverAt: null };
  }
  if (due.getTime() > now.getTime()) {
    await context.jobs.schedule(trx, {
      kind: DELIVER_JOB,
      runAt: due,
      payload: { userId, draft },
    });
    return { status: 'scheduled', notification: null, deliverAt: due.toISOString() };
  }
  const notification = await createNotification(trx, userId, draft, now);
  if (allowsPush(preferences, draft.type)) {
    await pushOrHold(trx, context, notification, preferences.quietHours, timeZoneOf(setting));
  }
  return { status: 'created', notification, deliverAt: notification.createdAt };
}

/**
 * The push of a notification made inside quiet hours, now that they have ended: sent only when
 * the notification is still there and unread (the user has not seen it in the app meanwhile),
 * the user still wants it pushed, and it is still timely (core `isHeldPushTimely`). Quiet hours
 * that were moved meanwhile hold it again.
 */
export async function sendHeldPush(
  trx: Executor,
  context: DeliveryContext,
  userId: string,
  notificationId: string,
): Promise<void> {
  const row = await findNotificationRow(trx, userId, notificationId);
  if (!row || row.read === 1) return;
  const notification = toNotification(row);
  const [preferences, setting] = await Promise.all([
    getPreferences(trx, userId),
    findUserFamilySetting(trx, userId),
  ]);
  if (!setting || !allowsPush(preferences, notification.type)) return;
  const timeZone = timeZoneOf(setting);
  if (isQuietTime(preferences.quietHours, context.now, timeZone)) {
    await pushOrHold(trx, context, notification, preferences.quietHours, timeZone);
    return;
  }
  const made = new Date(notification.createdAt);
  if (!isHeldPushTimely(notification.type, made, context.now, timeZone)) return;
  await context.push.pushToUser(trx, userId, pushMessageOf(notification));
}

/** Tells each user's open apps of what was just made for them (call once it is committed). */
export function announce(liveEvents: LiveEvents, made: readonly (TNotification | null)[]): void {
  for (const notification of made) {
    if (notification) {
      void liveEvents.publish(
        { userId: notification.userId },
        { type: 'notification.created', id: notification.id },
      );
    }
  }
}

/** The activity's page in the web app. */
export const activityLink = (activityId: string): string =>
  `/activity/${encodeURIComponent(activityId)}`;

/** Spec §7 activity reminder; it opens the activity when it names one. */
export function reminderDraft(body: TActivityReminderBody): NotificationDraft {
  return {
    type: 'activity_reminder',
    ...reminderText(body),
    data: {
      activityName: body.activity_name,
      scheduledTime: new Date(body.scheduled_time).toISOString(),
      ...(body.child_name !== undefined && { childName: body.child_name }),
      ...(body.activity_id !== undefined && {
        activityId: body.activity_id,
        link: activityLink(body.activity_id),
      }),
    },
  };
}

/** `formattedTemperature` shows the reading in the family's units ('31°C'). */
export function weatherAlertDraft(
  body: TWeatherAlertBody,
  extra: TNotificationData = {},
  formattedTemperature?: string,
): NotificationDraft {
  return {
    type: 'weather_alert',
    ...weatherAlertText(body, formattedTemperature),
    data: {
      weatherCondition: body.weather_condition,
      temperature: body.temperature,
      location: body.location,
      link: '/dashboard',
      ...extra,
    },
  };
}

export function achievementDraft(
  body: TAchievementNotificationBody,
  extra: TNotificationData = {},
): NotificationDraft {
  return {
    type: 'achievement',
    ...achievementText(body),
    data: { pointsEarned: body.points_earned, link: '/achievements', ...extra },
  };
}

export function suggestionDraft(
  body: TActivitySuggestionBody,
  extra: TNotificationData = {},
): NotificationDraft {
  return {
    type: 'activity_suggestion',
    ...suggestionText(body),
    data: { activityName: body.activity_name, childAge: body.child_age, ...extra },
  };
}

export function dailySummaryDraft(
  body: TDailySummaryBody,
  extra: TNotificationData = {},
): NotificationDraft {
  return {
    type: 'daily_summary',
    ...dailySummaryText(body),
    data: {
      activitiesCompleted: body.activities_completed,
      totalTime: body.total_time,
      achievementsEarned: body.achievements_earned,
      link: '/achievements',
      ...extra,
    },
  };
}
