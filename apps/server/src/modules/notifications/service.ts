import crypto from 'node:crypto';
import {
  mergeNotificationPreferences,
  preferencesFromStored,
} from '@kkb/core/notifications/preferences';
import {
  achievementText,
  allowsKind,
  dailySummaryText,
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
import {
  countUnread,
  deleteNotificationRow,
  deleteNotificationRows,
  findNotificationRow,
  findPreferencesDocument,
  insertNotification,
  listNotificationRows,
  markAllRowsRead,
  markRowRead,
  savePreferencesDocument,
  type NotificationRow,
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

export async function deleteNotifications(
  executor: Executor,
  userId: string,
  readOnly: boolean,
): Promise<void> {
  await deleteNotificationRows(executor, userId, readOnly);
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

/**
 * A notification of one of the app's kinds for the user: made now if their preferences allow
 * the kind, else nothing.
 */
export async function deliver(
  executor: Executor,
  userId: string,
  draft: NotificationDraft,
  now: Date,
): Promise<TNotificationDelivery> {
  const preferences = await getPreferences(executor, userId);
  if (!allowsKind(preferences, draft.type)) {
    return { status: 'switched_off', notification: null, deliverAt: null };
  }
  const notification = await createNotification(executor, userId, draft, now);
  return { status: 'created', notification, deliverAt: notification.createdAt };
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

export function weatherAlertDraft(
  body: TWeatherAlertBody,
  extra: TNotificationData = {},
): NotificationDraft {
  return {
    type: 'weather_alert',
    ...weatherAlertText(body),
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
