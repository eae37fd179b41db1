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

export function listUserSubscriptions(
  executor: Executor,
  userId: string,
): Promise<PushSubscriptionsTable[]> {
  return executor
    .selectFrom('pushSubscriptions')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

/**
 * One row per endpoint: a browser subscribing again (renewal, or another user signing in on the
 * same device) updates its keys and owner.
 */
export async function upsertSubscription(
  executor: Executor,
  row: PushSubscriptionsTable,
): Promise<PushSubscriptionsTable> {
  return executor
    .insertInto('pushSubscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        userId: row.userId,
        p256dh: row.p256dh,
        auth: row.auth,
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

export async function deleteSubscriptionById(executor: Executor, id: string): Promise<void> {
  await executor.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
}

/** Every device of the user stops receiving pushes (signing out everywhere). */
export async function deleteUserSubscriptions(executor: Executor, userId: string): Promise<void> {
  await executor.deleteFrom('pushSubscriptions').where('userId', '=', userId).execute();
}
