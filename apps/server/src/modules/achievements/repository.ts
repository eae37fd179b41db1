import { EMPTY_PROGRESS } from '@kkb/core/achievements/progress';
import {
  ZProgressState,
  type TMemberPlay,
  type TProgressState,
} from '@kkb/core/achievements/schema';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
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
