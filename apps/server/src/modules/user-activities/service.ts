import type { TPageQuery } from '@kkb/core/activities/query';
import type {
  TUserActivity,
  TUserActivityList,
  TUserActivityMark,
  TUserActivityStatus,
} from '@kkb/core/activities/user-activity';
import type { Transaction } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { findActivityForUser } from '../activities/repository.ts';
import {
  deleteUserActivity,
  listUserActivities,
  setUserActivityMarkFor,
  setUserActivityStatus,
} from './repository.ts';

export async function listRecords(
  database: Database,
  familyId: string,
  { skip, limit }: TPageQuery,
): Promise<TUserActivityList> {
  const { items, total } = await listUserActivities(database.db, familyId, skip, limit);
  return { userActivities: items, total, skip, limit };
}

/** Spec §4: a known activity gets its status set (an existing record keeps everything else). */
export async function setStatus(
  database: Database,
  member: FamilyMember,
  activityId: string,
  status: TUserActivityStatus,
  nowIso: string,
): Promise<{ record: TUserActivity; created: boolean }> {
  return inFamilyTransaction(database, member, async (trx) => {
    if (!(await findActivityForUser(trx, member.familyId, activityId))) throw notFound('Activity');
    return setUserActivityStatus(trx, member, activityId, status, nowIso);
  });
}

/**
 * Sets or clears one mark (favourite or tried) of a known activity, keeping the other; undefined
 * when no mark is left (the record is removed).
 */
export async function setMark(
  database: Database,
  member: FamilyMember,
  activityId: string,
  mark: TUserActivityMark,
  on: boolean,
  nowIso: string,
): Promise<TUserActivity | undefined> {
  return inFamilyTransaction(database, member, (trx) =>
    setMarkIn(trx, member, activityId, mark, on, nowIso),
  );
}

/** `setMark` inside the caller's family transaction (offline sync applies it there). */
export async function setMarkIn(
  trx: Transaction<DB>,
  member: FamilyMember,
  activityId: string,
  mark: TUserActivityMark,
  on: boolean,
  nowIso: string,
): Promise<TUserActivity | undefined> {
  if (!(await findActivityForUser(trx, member.familyId, activityId))) throw notFound('Activity');
  return setUserActivityMarkFor(trx, member, activityId, mark, on, nowIso);
}

/** Takes a transaction when the removal belongs to a larger one (offline sync). */
export async function removeRecord(
  executor: Executor,
  familyId: string,
  activityId: string,
): Promise<void> {
  if (!(await deleteUserActivity(executor, familyId, activityId))) throw notFound('User activity');
}
