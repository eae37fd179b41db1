import type { TNotificationType } from '@kkb/core/notifications/schema';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { NotificationsTable } from './tables.ts';

export type NotificationRow = Selectable<NotificationsTable>;

export interface ListFilter {
  skip: number;
  limit: number;
  /** Only the read ones. */
  readOnly: boolean;
  type: TNotificationType | undefined;
}

export async function insertNotification(executor: Executor, row: NotificationRow): Promise<void> {
  await executor.insertInto('notifications').values(row).execute();
}

/** Newest first; the id breaks ties so that paging never skips or repeats one. */
export function listNotificationRows(
  executor: Executor,
  userId: string,
  filter: ListFilter,
): Promise<NotificationRow[]> {
  let query = executor.selectFrom('notifications').selectAll().where('userId', '=', userId);
  if (filter.readOnly) query = query.where('read', '=', 1);
  if (filter.type) query = query.where('type', '=', filter.type);
  return query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(filter.skip)
    .limit(filter.limit)
    .execute();
}

export async function countUnread(executor: Executor, userId: string): Promise<number> {
  const row = await executor
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findNotificationRow(
  executor: Executor,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  return executor
    .selectFrom('notifications')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks one read (one already read keeps its first read time) and returns it, if it exists. */
export async function markRowRead(
  executor: Executor,
  userId: string,
  id: string,
  nowIso: string,
): Promise<NotificationRow | undefined> {
  await executor
    .updateTable('notifications')
    .set({ read: 1, readAt: nowIso })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .where('read', '=', 0)
    .execute();
  return findNotificationRow(executor, userId, id);
}

/** Marks every unread one read; returns their ids. */
export async function markAllRowsRead(
  executor: Executor,
  userId: string,
  nowIso: string,
): Promise<string[]> {
  const rows = await executor
    .updateTable('notifications')
    .set({ read: 1, readAt: nowIso })
    .where('userId', '=', userId)
    .where('read', '=', 0)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteNotificationRow(
  executor: Executor,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await executor
    .deleteFrom('notifications')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes all of the user's notifications, or only the read ones; returns how many went. */
export async function deleteNotificationRows(
  executor: Executor,
  userId: string,
  readOnly: boolean,
): Promise<number> {
  let query = executor.deleteFrom('notifications').where('userId', '=', userId);
  if (readOnly) query = query.where('read', '=', 1);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The stored preferences document (JSON text), if the user ever changed one. */
export async function findPreferencesDocument(
  executor: Executor,
  userId: string,
): Promise<string | undefined> {
  const row = await executor
    .selectFrom('notificationPreferences')
    .select('preferences')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.preferences;
}

export async function savePreferencesDocument(
  executor: Executor,
  userId: string,
  document: string,
  nowIso: string,
): Promise<void> {
  await executor
    .insertInto('notificationPreferences')
    .values({ userId, preferences: document, updatedAt: nowIso })
    .onConflict((conflict) =>
      conflict.column('userId').doUpdateSet({ preferences: document, updatedAt: nowIso }),
    )
    .execute();
}

/** Where a user lives for their notifications: their family and its profile's timezone and place. */
export interface UserFamilySetting {
  familyId: string;
  /** JSON text of the profile's `familyInfo` (`timezone`, `location`). */
  familyInfo: string;
  /** JSON text of the profile's structured `location`. */
  location: string;
  /** JSON text of the profile's preferences (`units`). */
  preferences: string;
}

export function findUserFamilySetting(
  executor: Executor,
  userId: string,
): Promise<UserFamilySetting | undefined> {
  return executor
    .selectFrom('familyMembers')
    .innerJoin('profiles', 'profiles.familyId', 'familyMembers.familyId')
    .select([
      'familyMembers.familyId',
      'profiles.familyInfo',
      'profiles.location',
      'profiles.preferences',
    ])
    .where('familyMembers.userId', '=', userId)
    .executeTakeFirst();
}

/** Every family with a profile: what the sweep needs to know of it. */
export function listFamilySettings(executor: Executor): Promise<UserFamilySetting[]> {
  return executor
    .selectFrom('profiles')
    .select(['familyId', 'familyInfo', 'location', 'preferences'])
    .orderBy('familyId')
    .execute();
}

/** Every member of every family, with their stored notification preferences (JSON text), if any. */
export function listMembersWithPreferences(
  executor: Executor,
): Promise<{ familyId: string; userId: string; preferences: string | null }[]> {
  return executor
    .selectFrom('familyMembers')
    .leftJoin('notificationPreferences', 'notificationPreferences.userId', 'familyMembers.userId')
    .select([
      'familyMembers.familyId',
      'familyMembers.userId',
      'notificationPreferences.preferences',
    ])
    .orderBy('familyMembers.familyId')
    .orderBy('familyMembers.joinedAt')
    .execute();
}

/**
 * What the family did on one local day: completions logged for the day and their minutes, and
 * achievements unlocked between `fromIso` and `untilIso` (the day's bounds).
 */
export async function familyDayTotals(
  executor: Executor,
  familyId: string,
  day: string,
  fromIso: string,
  untilIso: string,
): Promise<{ activities: number; minutes: number; achievements: number }> {
  const played = await executor
    .selectFrom('activityLog')
    .select((eb) => [
      eb.fn.countAll<number>().as('activities'),
      eb.fn.sum<number | null>('minutes').as('minutes'),
    ])
    .where('familyId', '=', familyId)
    .where('localDay', '=', day)
    .executeTakeFirstOrThrow();
  const unlocked = await executor
    .selectFrom('achievements')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('familyId', '=', familyId)
    .where('unlockedAt', '>=', fromIso)
    .where('unlockedAt', '<', untilIso)
    .executeTakeFirstOrThrow();
  return {
    activities: Number(played.activities),
    minutes: Number(played.minutes ?? 0),
    achievements: Number(unlocked.count),
  };
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern built from `text`. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Deletes every notification job about the user (their payloads name them), done or not: the
 * account is going, and nothing of it may stay behind.
 */
export async function deleteUserJobs(
  executor: Executor,
  userId: string,
  jobKinds: readonly string[],
): Promise<void> {
  await executor
    .deleteFrom('jobs')
    .where('kind', 'in', jobKinds)
    .where(
      (eb) =>
        sql<boolean>`${eb.ref('payload')} like ${`%${likeLiteral(JSON.stringify({ userId }).slice(1, -1))}%`} escape '\\'`,
    )
    .execute();
}
