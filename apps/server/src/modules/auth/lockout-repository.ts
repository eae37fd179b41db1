import { LOGIN_FAILURE_MEMORY_MS, type TLoginFailures } from '@kkb/core/auth/lockout';
import type { Executor } from '../../db/database.ts';

/** Which row: the SHA-256 of the account (its e-mail) and of the client address. */
export interface LoginFailuresKey {
  accountHash: string;
  ipHash: string;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The row of `key`, created empty when missing, and locked (`FOR UPDATE`, PostgreSQL only: the
 * store is used there) until the transaction ends. Undefined for a row that was just created.
 */
export async function lockLoginFailures(
  trx: Executor,
  key: LoginFailuresKey,
): Promise<TLoginFailures | undefined> {
  await trx
    .insertInto('loginFailures')
    .values({ ...key, failures: 0, lastFailureAt: iso(0), lockedUntil: iso(0) })
    .onConflict((oc) => oc.columns(['accountHash', 'ipHash']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('loginFailures')
    .select(['failures', 'lastFailureAt', 'lockedUntil'])
    .where('accountHash', '=', key.accountHash)
    .where('ipHash', '=', key.ipHash)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.failures === 0) return undefined;
  return {
    failures: row.failures,
    lastFailureAtMs: Date.parse(row.lastFailureAt),
    lockedUntilMs: Date.parse(row.lockedUntil),
  };
}

export async function saveLoginFailures(
  trx: Executor,
  key: LoginFailuresKey,
  kept: TLoginFailures,
): Promise<void> {
  await trx
    .updateTable('loginFailures')
    .set({
      failures: kept.failures,
      lastFailureAt: iso(kept.lastFailureAtMs),
      lockedUntil: iso(kept.lockedUntilMs),
    })
    .where('accountHash', '=', key.accountHash)
    .where('ipHash', '=', key.ipHash)
    .execute();
}

export async function deleteLoginFailures(db: Executor, key: LoginFailuresKey): Promise<void> {
  await db
    .deleteFrom('loginFailures')
    .where('accountHash', '=', key.accountHash)
    .where('ipHash', '=', key.ipHash)
    .execute();
}

export async function deleteAccountLoginFailures(db: Executor, accountHash: string): Promise<void> {
  await db.deleteFrom('loginFailures').where('accountHash', '=', accountHash).execute();
}

/** Rows whose failures are forgotten (core's memory) and that lock nothing any more. */
export async function deleteForgottenLoginFailures(db: Executor, nowMs: number): Promise<void> {
  await db
    .deleteFrom('loginFailures')
    .where('lastFailureAt', '<=', iso(nowMs - LOGIN_FAILURE_MEMORY_MS))
    .where('lockedUntil', '<=', iso(nowMs))
    .execute();
}
