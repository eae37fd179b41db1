import { randomUUID } from 'node:crypto';
import {
  recordCompletion,
  recordUserActivityStatus,
  setUserActivityMark,
  statusOf,
  type TUserActivity,
  type TUserActivityMark,
  type TUserActivityStatus,
  type UserActivityFields,
} from '@kkb/core/activities/user-activity';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { FamilyMember } from '../../db/family-lock.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { UserActivitiesTable } from './tables.ts';

/** The stored JSON list of child ids; anything else (never written so) reads as none. */
function childIdsOf(json: string): string[] {
  const ids: unknown = JSON.parse(json);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

function toUserActivity(row: Selectable<UserActivitiesTable>): TUserActivity {
  const favorite = row.favorite === 1;
  return {
    id: row.id,
    userId: row.userId,
    activityId: row.activityId,
    status: statusOf({ favorite }),
    favorite,
    tried: row.tried === 1,
    completedAt: row.completedAt,
    completedBy: row.completedBy,
    completedChildIds: childIdsOf(row.completedChildIds),
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

const allOfFamily = preparedQuery(1, (executor, familyId: string) =>
  executor.selectFrom('userActivities').selectAll().where('familyId', '=', familyId),
);

/** Every record of the family (recommendations read favourites and tried ones from it). */
export async function listAllUserActivities(
  executor: Executor,
  familyId: string,
): Promise<TUserActivity[]> {
  return (await allOfFamily.all(executor, familyId)).map(toUserActivity);
}

const oneOfFamily = preparedQuery(2, (executor, familyId: string, activityId: string) =>
  executor
    .selectFrom('userActivities')
    .selectAll()
    .where('familyId', '=', familyId)
    .where('activityId', '=', activityId),
);

export async function findUserActivity(
  executor: Executor,
  familyId: string,
  activityId: string,
): Promise<TUserActivity | undefined> {
  const row = await oneOfFamily.first(executor, familyId, activityId);
  return row && toUserActivity(row);
}

/** The columns a write changes (a record keeps its `createdAt`), `userId` being who wrote. */
type ChangedColumns = [
  userId: string,
  favorite: number,
  tried: number,
  completedAt: string | null,
  completedBy: string | null,
  completedChildIds: string,
  updatedAt: string,
];

const changedColumns = (fields: UserActivityFields, userId: string): ChangedColumns => [
  userId,
  fields.favorite ? 1 : 0,
  fields.tried ? 1 : 0,
  fields.completedAt,
  fields.completedBy,
  JSON.stringify(fields.completedChildIds),
  fields.updatedAt,
];

const deleteById = preparedQuery(1, (executor, id: string) =>
  executor.deleteFrom('userActivities').where('id', '=', id),
);

const updateById = preparedQuery(
  8,
  (
    executor,
    id: string,
    ...[
      userId,
      favorite,
      tried,
      completedAt,
      completedBy,
      completedChildIds,
      updatedAt,
    ]: ChangedColumns
  ) =>
    executor
      .updateTable('userActivities')
      .set({ userId, favorite, tried, completedAt, completedBy, completedChildIds, updatedAt })
      .where('id', '=', id)
      .returningAll(),
);

const insertOrUpdate = preparedQuery(
  11,
  (
    executor,
    id: string,
    familyId: string,
    activityId: string,
    createdAt: string,
    ...[
      userId,
      favorite,
      tried,
      completedAt,
      completedBy,
      completedChildIds,
      updatedAt,
    ]: ChangedColumns
  ) => {
    const changed = {
      userId,
      favorite,
      tried,
      completedAt,
      completedBy,
      completedChildIds,
      updatedAt,
    };
    return (
      executor
        .insertInto('userActivities')
        .values({ id, familyId, activityId, createdAt, ...changed })
        // A record written meanwhile by a concurrent request: this change is the later one.
        .onConflict((c) => c.columns(['familyId', 'activityId']).doUpdateSet(changed))
        .returningAll()
    );
  },
);

/**
 * Writes the family's record that `change` makes of the current one (undefined: none yet): an
 * update, an insert with a new id, or a delete when `change` leaves nothing to record. The member
 * becomes the record's `userId` (who last changed it). Run it in the family's transaction: the
 * read and the write belong together.
 */
async function writeUserActivity(
  executor: Executor,
  { familyId, userId }: FamilyMember,
  activityId: string,
  change: (existing: TUserActivity | undefined) => UserActivityFields | undefined,
): Promise<{ record: TUserActivity | undefined; created: boolean }> {
  const existing = await findUserActivity(executor, familyId, activityId);
  const fields = change(existing);
  if (existing && !fields) {
    await deleteById.execute(executor, existing.id);
    return { record: undefined, created: false };
  }
  if (!fields) return { record: undefined, created: false };
  const changed = changedColumns(fields, userId);
  const row = existing
    ? await updateById.first(executor, existing.id, ...changed)
    : await insertOrUpdate.first(
        executor,
        randomUUID(),
        familyId,
        activityId,
        fields.createdAt,
        ...changed,
      );
  if (!row) throw new Error('user activity vanished while being written');
  return { record: toUserActivity(row), created: !existing };
}

/** Spec §4: an existing record only changes its status; otherwise one is added with the current time. */
export async function setUserActivityStatus(
  executor: Executor,
  member: FamilyMember,
  activityId: string,
  status: TUserActivityStatus,
  nowIso: string,
): Promise<{ record: TUserActivity; created: boolean }> {
  const { record, created } = await writeUserActivity(executor, member, activityId, (existing) =>
    recordUserActivityStatus(existing, status, nowIso),
  );
  if (!record) throw new Error('a status always leaves a record');
  return { record, created };
}

/** Sets or clears one mark, keeping the other; the record goes when neither is left. */
export async function setUserActivityMarkFor(
  executor: Executor,
  member: FamilyMember,
  activityId: string,
  mark: TUserActivityMark,
  on: boolean,
  nowIso: string,
): Promise<TUserActivity | undefined> {
  const { record } = await writeUserActivity(executor, member, activityId, (existing) =>
    setUserActivityMark(existing, mark, on, nowIso),
  );
  return record;
}

/**
 * For completions (achievements): core `recordCompletion`, a favourite stays a favourite, the
 * member who logged it is `completedBy` and the children who played are `completedChildIds`.
 */
export async function markDone(
  executor: Executor,
  member: FamilyMember,
  activityId: string,
  completedAtIso: string,
  childIds: readonly string[] = [],
): Promise<TUserActivity> {
  const nowIso = new Date().toISOString();
  const { record } = await writeUserActivity(executor, member, activityId, (existing) =>
    recordCompletion(existing, completedAtIso, member.userId, nowIso, childIds),
  );
  if (!record) throw new Error('a completion always leaves a record');
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
    .where('favorite', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
