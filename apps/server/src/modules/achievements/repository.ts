import { EMPTY_PROGRESS } from '@kkb/core/achievements/progress';
import {
  ZProgressState,
  type TActivityLogEntry,
  type TChildPlay,
  type TMemberPlay,
  type TProgressState,
} from '@kkb/core/achievements/schema';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { ActivityLogTable } from './tables.ts';

function parseState(json: string): TProgressState {
  return ZProgressState.parse(JSON.parse(json));
}

/** The family's progress; a family that has completed nothing yet has the empty one. */
export async function findProgress(executor: Executor, familyId: string): Promise<TProgressState> {
  const row = await executor
    .selectFrom('stats')
    .select('state')
    .where('familyId', '=', familyId)
    .executeTakeFirst();
  return row ? parseState(row.state) : EMPTY_PROGRESS;
}

/**
 * Reads the family's progress inside a transaction, creating its row first when missing. With
 * `lock` (PostgreSQL) the row stays locked until commit, so one family's completions run one after
 * another. SQLite needs no lock: its driver (db/sqlite-group-commit.ts) runs every query on one
 * connection behind a lock held for a whole transaction, so transactions never interleave.
 */
export async function lockProgress(
  executor: Executor,
  familyId: string,
  lock: boolean,
  nowIso: string,
): Promise<TProgressState> {
  await executor
    .insertInto('stats')
    .values({ familyId, state: JSON.stringify(EMPTY_PROGRESS), updatedAt: nowIso })
    .onConflict((conflict) => conflict.column('familyId').doNothing())
    .execute();
  const query = executor.selectFrom('stats').select('state').where('familyId', '=', familyId);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirstOrThrow();
  return parseState(row.state);
}

export async function saveProgress(
  executor: Executor,
  familyId: string,
  state: TProgressState,
  nowIso: string,
): Promise<void> {
  await executor
    .updateTable('stats')
    .set({ state: JSON.stringify(state), updatedAt: nowIso })
    .where('familyId', '=', familyId)
    .execute();
}

/** The stored answer of the family's completion sent with this clientId, if any. */
export async function findResponseByClientId(
  executor: Executor,
  familyId: string,
  clientId: string,
): Promise<string | undefined> {
  const row = await executor
    .selectFrom('activityLog')
    .select('response')
    .where('familyId', '=', familyId)
    .where('clientId', '=', clientId)
    .executeTakeFirst();
  return row?.response;
}

export async function insertCompletion(
  executor: Executor,
  row: Insertable<ActivityLogTable>,
): Promise<void> {
  await executor.insertInto('activityLog').values(row).execute();
}

/** Names the children who played in a completion (its row first: they refer to it). */
export async function insertCompletionChildren(
  executor: Executor,
  familyId: string,
  activityLogId: string,
  childIds: readonly string[],
): Promise<void> {
  if (childIds.length === 0) return;
  await executor
    .insertInto('activityLogChildren')
    .values(childIds.map((childId) => ({ activityLogId, familyId, childId })))
    .execute();
}

const completionsSinceQuery = preparedQuery(2, (executor, familyId: string, sinceIso: string) =>
  executor
    .selectFrom('activityLog')
    .leftJoin('activityLogChildren', 'activityLogChildren.activityLogId', 'activityLog.id')
    .select([
      'activityLog.id',
      'activityLog.activityId',
      'activityLog.completedAt',
      'activityLogChildren.childId',
    ])
    .where('activityLog.familyId', '=', familyId)
    .where('activityLog.completedAt', '>=', sinceIso)
    .orderBy('activityLog.completedAt')
    .orderBy('activityLog.id')
    .orderBy('activityLogChildren.childId'),
);

/**
 * The family's completions from `sinceIso` on, oldest first, each with the children who played
 * (recommendations hold back the ones just done, and balance the skills each child played).
 */
export async function completionsSince(
  executor: Executor,
  familyId: string,
  sinceIso: string,
): Promise<{ activityId: string; completedAt: string; childIds: string[] }[]> {
  const byLog = new Map<string, { activityId: string; completedAt: string; childIds: string[] }>();
  for (const row of await completionsSinceQuery.all(executor, familyId, sinceIso)) {
    let completion = byLog.get(row.id);
    if (!completion) {
      completion = { activityId: row.activityId, completedAt: row.completedAt, childIds: [] };
      byLog.set(row.id, completion);
    }
    if (row.childId !== null) completion.childIds.push(row.childId);
  }
  return [...byLog.values()];
}

/** Records unlocks; the (user, achievement) key keeps each one unlocked once. */
export async function insertUnlocked(
  executor: Executor,
  familyId: string,
  achievementIds: readonly string[],
  unlockedAt: string,
): Promise<void> {
  if (achievementIds.length === 0) return;
  await executor
    .insertInto('achievements')
    .values(achievementIds.map((achievementId) => ({ familyId, achievementId, unlockedAt })))
    .onConflict((conflict) => conflict.columns(['familyId', 'achievementId']).doNothing())
    .execute();
}

/** Unlock time by achievement id. */
export async function findUnlocked(
  executor: Executor,
  familyId: string,
): Promise<Map<string, string>> {
  const rows = await executor
    .selectFrom('achievements')
    .select(['achievementId', 'unlockedAt'])
    .where('familyId', '=', familyId)
    .execute();
  return new Map(rows.map((r) => [r.achievementId, r.unlockedAt]));
}

/**
 * Completions and minutes by who did them. A member who has left or whose account is gone keeps
 * their count; their name is what the account is called now, or empty when it no longer exists.
 */
export async function playedByMember(executor: Executor, familyId: string): Promise<TMemberPlay[]> {
  const rows = await executor
    .selectFrom('activityLog')
    .leftJoin('users', 'users.id', 'activityLog.completedBy')
    .select((eb) => [
      'activityLog.completedBy',
      'users.name',
      eb.fn.countAll<number>().as('activities'),
      eb.fn.sum<number>('activityLog.minutes').as('minutes'),
    ])
    .where('activityLog.familyId', '=', familyId)
    .groupBy(['activityLog.completedBy', 'users.name'])
    .execute();
  return rows.map((row) => ({
    userId: row.completedBy,
    name: row.name ?? '',
    activities: Number(row.activities),
    minutes: Number(row.minutes),
  }));
}

/** Completions and minutes by the children they name (any the family has had). */
export async function playedByChild(
  executor: Executor,
  familyId: string,
): Promise<Omit<TChildPlay, 'name'>[]> {
  const rows = await executor
    .selectFrom('activityLogChildren')
    .innerJoin('activityLog', 'activityLog.id', 'activityLogChildren.activityLogId')
    .select((eb) => [
      'activityLogChildren.childId',
      eb.fn.countAll<number>().as('activities'),
      eb.fn.sum<number>('activityLog.minutes').as('minutes'),
    ])
    .where('activityLogChildren.familyId', '=', familyId)
    .groupBy('activityLogChildren.childId')
    .execute();
  return rows.map((row) => ({
    childId: row.childId,
    activities: Number(row.activities),
    minutes: Number(row.minutes),
  }));
}

/**
 * Each child named in the family's completions from the local day `fromDay` on: one row per
 * completion and child, with the completion's activity and day (the skill play of the stats page).
 */
export function childPlaysSince(
  executor: Executor,
  familyId: string,
  fromDay: string,
): Promise<{ activityLogId: string; childId: string; activityId: string; localDay: string }[]> {
  return executor
    .selectFrom('activityLogChildren')
    .innerJoin('activityLog', 'activityLog.id', 'activityLogChildren.activityLogId')
    .select([
      'activityLogChildren.activityLogId',
      'activityLogChildren.childId',
      'activityLog.activityId',
      'activityLog.localDay',
    ])
    .where('activityLogChildren.familyId', '=', familyId)
    .where('activityLog.localDay', '>=', fromDay)
    .execute();
}

/** The family's activity log, oldest first, each completion with the children who played. */
export async function listActivityLog(
  executor: Executor,
  familyId: string,
): Promise<TActivityLogEntry[]> {
  const [rows, children] = await Promise.all([
    executor
      .selectFrom('activityLog')
      .selectAll()
      .where('familyId', '=', familyId)
      .orderBy('completedAt')
      .orderBy('id')
      .execute(),
    executor
      .selectFrom('activityLogChildren')
      .select(['activityLogId', 'childId'])
      .where('familyId', '=', familyId)
      .orderBy('childId')
      .execute(),
  ]);
  const childIdsOf = new Map<string, string[]>();
  for (const { activityLogId, childId } of children) {
    childIdsOf.set(activityLogId, [...(childIdsOf.get(activityLogId) ?? []), childId]);
  }
  return rows.map(({ familyId: _familyId, response, ...row }) => ({
    ...row,
    childIds: childIdsOf.get(row.id) ?? [],
    response: JSON.parse(response) as unknown,
  }));
}
