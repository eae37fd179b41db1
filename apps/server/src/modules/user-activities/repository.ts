import { randomUUID } from 'node:crypto';
import {
  recordUserActivityStatus,
  type TUserActivity,
  type TUserActivityStatus,
} from '@kkb/core/activities/user-activity';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { UserActivitiesTable } from './tables.ts';

function toUserActivity(row: Selectable<UserActivitiesTable>): TUserActivity {
  return {
    id: row.id,
    userId: row.userId,
    activityId: row.activityId,
    status: row.status as TUserActivityStatus,
    completedAt: row.completedAt,
    completedBy: row.completedBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A page of the family's records, newest `createdAt` first (spec §7), and how many there are. */
export async function listUserActivities(
  executor: Executor,
  familyId: string,
  skip: number,
  limit: number,
): Promise<{ items: TUserActivity[]; total: number }> {
  const [rows, count] = await Promise.all([
    executor
      .selectFrom('userActivities')
      .selectAll()
      .where('familyId', '=', familyId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(skip)
      .execute(),
    executor
      .selectFrom('userActivities')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('familyId', '=', familyId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toUserActivity), total: Number(count.count) };
}

/** Every record of the family (recommendations read favourites and tried ones from it). */
export async function listAllUserActivities(
  executor: Executor,
  familyId: string,
): Promise<TUserActivity[]> {
  const rows = await executor
    .selectFrom('userActivities')
    .selectAll()
    .where('familyId', '=', familyId)
    .execute();
  return rows.map(toUserActivity);
}

export async function findUserActivity(
  executor: Executor,
  familyId: string,
  activityId: string,
): Promise<TUserActivity | undefined> {
  const row = await executor
    .selectFrom('userActivities')
    .selectAll()
    .where('familyId', '=', familyId)
    .where('activityId', '=', activityId)
    .executeTakeFirst();
  return row && toUserActivity(row);
}

/**
 * Spec §4: an existing record only changes its status; otherwise one is added with the current
 * time. The insert ignores a record created meanwhile, and the final read returns what is stored.
 */
export async function setUserActivityStatus(
  executor: Executor,
  { familyId, userId }: { familyId: string; userId: string },
  activityId: string,
  status: TUserActivityStatus,
  nowIso: string,
): Promise<{ record: TUserActivity; created: boolean }> {
  const existing = await findUserActivity(executor, familyId, activityId);
  const fields = recordUserActivityStatus(existing, status, nowIso);
  if (existing) {
    await executor
      .updateTable('userActivities')
      .set({ status: fields.status, updatedAt: fields.updatedAt, userId })
      .where('id', '=', existing.id)
      .execute();
    return { record: { ...existing, ...fields, userId }, created: false };
  }
  const inserted = await executor
    .insertInto('userActivities')
    .values({ id: randomUUID(), familyId, userId, activityId, ...fields, completedBy: null })
    .onConflict((c) => c.columns(['familyId', 'activityId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  const created = inserted !== undefined;
  if (!created) {
    await executor
      .updateTable('userActivities')
      .set({ status, updatedAt: nowIso, userId })
      .where('familyId', '=', familyId)
      .where('activityId', '=', activityId)
      .execute();
  }
  const record = await findUserActivity(executor, familyId, activityId);
  if (!record) throw new Error('user activity vanished while being written');
  return { record, created };
}

/**
 * For completions (achievements): creates the record as 'tried' when none exists; an existing
 * record keeps its status (a favourite stays a favourite). Either way `completedAt` is set.
 */
export async function markTriedIfNoStatus(
  executor: Executor,
  { familyId, userId }: { familyId: string; userId: string },
  activityId: string,
  completedAtIso: string,
): Promise<TUserActivity> {
  const nowIso = new Date().toISOString();
  await executor
    .insertInto('userActivities')
    .values({
      id: randomUUID(),
      familyId,
      userId,
      activityId,
      status: 'tried',
      completedAt: completedAtIso,
      completedBy: userId,
      createdAt: nowIso,
      updatedAt: nowIso,
    })
    .onConflict((c) =>
      c.columns(['familyId', 'activityId']).doUpdateSet({
        completedAt: completedAtIso,
        completedBy: userId,
        userId,
        updatedAt: nowIso,
      }),
    )
    .execute();
  const record = await findUserActivity(executor, familyId, activityId);
  if (!record) throw new Error('user activity vanished while being written');
  return record;
}

/** False when the family had no record of the activity. */
export async function deleteUserActivity(
  executor: Executor,
  familyId: string,
  activityId: string,
): Promise<boolean> {
  const result = await executor
    .deleteFrom('userActivities')
    .where('familyId', '=', familyId)
    .where('activityId', '=', activityId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Removes every record of one activity (its own activity was deleted). */
export async function deleteRecordsOfActivity(
  executor: Executor,
  familyId: string,
  activityId: string,
): Promise<void> {
  await executor
    .deleteFrom('userActivities')
    .where('familyId', '=', familyId)
    .where('activityId', '=', activityId)
    .execute();
}

/** How many activities the family marked favourite (family stats `favoriteActivities`). */
export async function countFavorites(executor: Executor, familyId: string): Promise<number> {
  const row = await executor
    .selectFrom('userActivities')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('familyId', '=', familyId)
    .where('status', '=', 'favorite')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
