import type { TNotificationType } from '@kkb/core/notifications/schema';
import type { Selectable } from 'kysely';
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
