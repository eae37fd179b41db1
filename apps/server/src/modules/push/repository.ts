import type { Executor } from '../../db/database.ts';
import type { PushSubscriptionsTable } from './tables.ts';

export function findSubscription(
  executor: Executor,
  id: string,
): Promise<PushSubscriptionsTable | undefined> {
  return executor
    .selectFrom('pushSubscriptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The user's subscriptions, most recently renewed first. */
export function listUserSubscriptions(
  executor: Executor,
  userId: string,
): Promise<PushSubscriptionsTable[]> {
  return executor
    .selectFrom('pushSubscriptions')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('renewedAt', 'desc')
    .orderBy('createdAt', 'desc')
    .execute();
}

/**
 * One row per user and endpoint: the same user's browser subscribing again (a renewal) updates
 * its keys and device; another user subscribing the same endpoint gets a row of their own.
 */
export async function upsertSubscription(
  executor: Executor,
  row: PushSubscriptionsTable,
): Promise<PushSubscriptionsTable> {
  return executor
    .insertInto('pushSubscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['userId', 'endpoint']).doUpdateSet({
        p256dh: row.p256dh,
        auth: row.auth,
        device: row.device,
        renewedAt: row.renewedAt,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteUserSubscription(
  executor: Executor,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const result = await executor
    .deleteFrom('pushSubscriptions')
    .where('userId', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes one of the user's subscriptions by id; false when the user has none with that id. */
export async function deleteUserSubscriptionById(
  executor: Executor,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await executor
    .deleteFrom('pushSubscriptions')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes subscriptions whatever their user: those the push service said are gone, or over the limit. */
export async function deleteSubscriptionsById(executor: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await executor.deleteFrom('pushSubscriptions').where('id', 'in', ids).execute();
}

/** Every device of the user stops receiving pushes (signing out everywhere). */
export async function deleteUserSubscriptions(executor: Executor, userId: string): Promise<void> {
  await executor.deleteFrom('pushSubscriptions').where('userId', '=', userId).execute();
}
