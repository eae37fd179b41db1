import type { Transaction } from 'kysely';
import { AppError, notFound } from '../errors.ts';
import type { Database, Executor } from './database.ts';
import { preparedQuery } from './prepared-query.ts';
import type { DB } from './schema.ts';

/** A signed-in user acting in their family. */
export interface FamilyMember {
  familyId: string;
  userId: string;
}

/** The family's row, when the user is one of its members (on PostgreSQL, locked). */
const memberFamily = (executor: Executor, familyId: string, userId: string) =>
  executor
    .selectFrom('families')
    .innerJoin('familyMembers', 'familyMembers.familyId', 'families.id')
    .select('families.id')
    .where('families.id', '=', familyId)
    .where('familyMembers.userId', '=', userId);
const lockFamily = {
  postgres: preparedQuery(2, (executor, familyId: string, userId: string) =>
    memberFamily(executor, familyId, userId).forNoKeyUpdate('families'),
  ),
  sqlite: preparedQuery(2, memberFamily),
};

/**
 * Runs `work` in a transaction that first locks the family's row (on PostgreSQL
 * `FOR NO KEY UPDATE`), so that one family's read-modify-writes and count-limited inserts run one
 * after another, whichever member sends them, and no acknowledged write is lost. Every such
 * transaction takes this lock first, so locks are always taken in the same order. `NO KEY` leaves
 * rows that merely reference the family (inserts elsewhere) unblocked. SQLite needs no lock:
 * its driver (sqlite-group-commit.ts) runs transactions on one connection behind a lock, so they
 * never interleave.
 *
 * The lock is taken only while the user is still a member: a user whose account is gone (a signed
 * token outliving it) is signed out, 401; one who has just left the family (their membership
 * still cached by another process) finds it gone, 404.
 */
export function inFamilyTransaction<T>(
  database: Pick<Database, 'db' | 'kind'>,
  member: FamilyMember,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    const row = await lockFamily[database.kind].first(trx, member.familyId, member.userId);
    if (!row) {
      const user = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', member.userId)
        .executeTakeFirst();
      throw user ? notFound('Family') : new AppError(401, 'AUTHENTICATION_REQUIRED');
    }
    return work(trx);
  });
}

/**
 * Runs `work` in a transaction that first locks the user's row (PostgreSQL `FOR NO KEY UPDATE`):
 * account changes (a password reset) of one user run one after another. A user who no longer
 * exists answers 401.
 */
export function inUserTransaction<T>(
  database: Pick<Database, 'db' | 'kind'>,
  userId: string,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    const query = trx.selectFrom('users').select('id').where('id', '=', userId);
    const row = await (
      database.kind === 'postgres' ? query.forNoKeyUpdate() : query
    ).executeTakeFirst();
    if (!row) throw new AppError(401, 'AUTHENTICATION_REQUIRED');
    return work(trx);
  });
}
