import type { Executor } from '../db/database.ts';

/**
 * One `Idempotency-Key` of one user (see plugins/idempotency.ts; migration 0017). Times are ISO
 * 8601 UTC text.
 */
export interface IdempotencyKeysTable {
  userId: string;
  /** SHA-256 of the key: the table holds no key, so no stored answer can be read without it. */
  keyHash: string;
  /** SHA-256 of the request the key was first used for (method, path and body). */
  fingerprint: string;
  /** Which claim (one request) is answering it; only that one may store the answer. */
  claimId: string;
  /** The first answer's status; null while that request is still being answered. */
  statusCode: number | null;
  /** The first answer's body, encrypted with a key derived from the idempotency key. */
  response: string | null;
  /** Until when the claim holds; a claim whose process died is taken over after this. */
  lockedUntil: string;
  expiresAt: string;
  createdAt: string;
}

export interface IdempotencyTables {
  idempotencyKeys: IdempotencyKeysTable;
}

export type IdempotencyKeyRow = Pick<
  IdempotencyKeysTable,
  'fingerprint' | 'statusCode' | 'response' | 'lockedUntil' | 'expiresAt'
>;

/**
 * Claims the key for one request, in one atomic statement: a new key, a key whose 24 hours are
 * over, or a key for the same request whose claim has run out (its process died) becomes this
 * claim's. False when another request holds it, or answered it, or it names another request.
 */
export async function claimIdempotencyKey(
  executor: Executor,
  claim: Omit<IdempotencyKeysTable, 'statusCode' | 'response'>,
  nowIso: string,
): Promise<boolean> {
  const row = await executor
    .insertInto('idempotencyKeys')
    .values({ ...claim, statusCode: null, response: null })
    .onConflict((oc) =>
      oc
        .columns(['userId', 'keyHash'])
        .doUpdateSet((eb) => ({
          fingerprint: eb.ref('excluded.fingerprint'),
          claimId: eb.ref('excluded.claimId'),
          statusCode: null,
          response: null,
          lockedUntil: eb.ref('excluded.lockedUntil'),
          expiresAt: eb.ref('excluded.expiresAt'),
          createdAt: eb.ref('excluded.createdAt'),
        }))
        .where((eb) =>
          eb.or([
            eb('idempotencyKeys.expiresAt', '<=', nowIso),
            eb.and([
              eb('idempotencyKeys.statusCode', 'is', null),
              eb('idempotencyKeys.lockedUntil', '<=', nowIso),
              eb('idempotencyKeys.fingerprint', '=', eb.ref('excluded.fingerprint')),
            ]),
          ]),
        ),
    )
    .returning('claimId')
    .executeTakeFirst();
  return row?.claimId === claim.claimId;
}

export function findIdempotencyKey(
  executor: Executor,
  userId: string,
  keyHash: string,
): Promise<IdempotencyKeyRow | undefined> {
  return executor
    .selectFrom('idempotencyKeys')
    .select(['fingerprint', 'statusCode', 'response', 'lockedUntil', 'expiresAt'])
    .where('userId', '=', userId)
    .where('keyHash', '=', keyHash)
    .executeTakeFirst();
}

/** Stores the first answer, if the claim is still this request's. */
export async function storeIdempotentAnswer(
  executor: Executor,
  key: { userId: string; keyHash: string; claimId: string },
  answer: { statusCode: number; response: string },
): Promise<void> {
  await executor
    .updateTable('idempotencyKeys')
    .set(answer)
    .where('userId', '=', key.userId)
    .where('keyHash', '=', key.keyHash)
    .where('claimId', '=', key.claimId)
    .execute();
}

/** Lets the key go (the request failed and created nothing): sent again, it is tried again. */
export async function releaseIdempotencyKey(
  executor: Executor,
  key: { userId: string; keyHash: string; claimId: string },
): Promise<void> {
  await executor
    .deleteFrom('idempotencyKeys')
    .where('userId', '=', key.userId)
    .where('keyHash', '=', key.keyHash)
    .where('claimId', '=', key.claimId)
    .execute();
}

export async function deleteExpiredIdempotencyKeys(
  executor: Executor,
  nowIso: string,
): Promise<void> {
  await executor.deleteFrom('idempotencyKeys').where('expiresAt', '<=', nowIso).execute();
}
