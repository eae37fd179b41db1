import type { TPageQuery } from '@kkb/core/activities/query';
import type {
  TUserActivity,
  TUserActivityList,
  TUserActivityMark,
  TUserActivityStatus,
} from '@kkb/core/activities/user-activity';
import type { Database } from '../../db/database.ts';
import { inFamilyTransaction } from '../../db/family-lock.ts';
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
  userId: string,
  { skip, limit }: TPageQuery,
): Promise<TUserActivityList> {
  const { items, total } = await listUserActivities(database.db, userId, skip, limit);
  return { userActivities: items, total, skip, limit };
}

/** Spec §4: a known activity gets its status set (an existing record keeps everything else). */
export async function setStatus(
  database: Database,
  userId: string,
  activityId: string,
  status: TUserActivityStatus,
  nowIso: string,
): Promise<{ record: TUserActivity; created: boolean }> {
  return inFamilyTransaction(database, userId, async (trx) => {
    if (!(await findActivityForUser(trx, userId, activityId))) throw notFound('Activity');
    return setUserActivityStatus(trx, userId, activityId, status, nowIso);
  });
}

/**
 * Sets or clears one mark (favourite or tried) of a known activity, keeping the other; undefined
 * when no mark is left (the record is removed).
 */
export async function setMark(
  database: Database,
  userId: string,
  activityId: string,
  mark: TUserActivityMark,
  on: boolean,
  nowIso: string,
): Promise<TUserActivity | undefined> {
  return database.db.transaction().execute(async (trx) => {
    if (!(await findActivityForUser(trx, userId, activityId))) throw notFound('Activity');
    return setUserActivityMarkFor(trx, userId, activityId, mark, on, nowIso);
  });
}

export async function removeRecord(
  database: Database,
  userId: string,
  activityId: string,
): Promise<void> {
  if (!(await deleteUserActivity(database.db, userId, activityId))) throw notFound('User activity');
}
