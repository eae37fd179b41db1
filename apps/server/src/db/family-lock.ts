import type { Transaction } from 'kysely';
import { AppError, notFound } from '../errors.ts';
import type { Database, Executor } from './database.ts';
import { preparedQuery } from './prepared-query.ts';
import type { DB } from './schema.ts';

/** A signed-in user acting in their family. */
export interface FamilyMember {
  familyId: string;
  userId: string;
  /** The write request the member acts in, when it is one (a family route's write). */
  write?: FamilyWrite;
}

/**
 * One write request through a family route: on PostgreSQL each family transaction it runs moves
 * the family's data version with its own commit (the statement that takes the lock does), and
 * counts itself here. When exactly one did, the request owes nothing more; otherwise (none: a
 * write outside family transactions, or several: a sync) the family-writes plugin moves the
 * version once more before answering. So a route writes either in family transactions or outside
 * them, never outside after one.
 */
export interface FamilyWrite {
  commits: number;
}

/** The family's row, when the user is one of its members (SQLite: no lock needed). */
const memberFamily = (executor: Executor, familyId: string, userId: string) =>
  executor
    .selectFrom('families')
    .innerJoin('familyMembers', 'familyMembers.familyId', 'families.id')
    .select('families.id')
    .where('families.id', '=', familyId)
    .where('familyMembers.userId', '=', userId);

/**
 * The family's row, when the user is one of its members, locked by moving its data version: an
 * update of a column no key uses takes `FOR NO KEY UPDATE`, the lock a family transaction needs,
 * and the version moves in the same round trip.
 */
const memberFamilyBumped = (executor: Executor, familyId: string, userId: string) =>
  executor
    .updateTable('families')
    .set((eb) => ({ dataVersion: eb('dataVersion', '+', eb.lit(1)) }))
    .where('families.id', '=', familyId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('familyMembers')
          .select('familyMembers.userId')
          .whereRef('familyMembers.familyId', '=', 'families.id')
          .where('familyMembers.userId', '=', userId),
      ),
    )
    .returning('families.id');
const lockFamily = {
  postgres: preparedQuery(2, memberFamilyBumped),
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
 * On PostgreSQL the lock is taken by moving the family's data version, so the transaction's one
 * commit makes the change and the new version visible together, to every process (they read the
 * version from the database); the member's `write`, when given, counts the commit (FamilyWrite).
 * SQLite keeps versions in memory: the family-writes plugin moves them.
 *
 * The lock is taken only while the user is still a member: a user whose account is gone (a signed
 * token outliving it) is signed out, 401; one who has just left the family (their membership
 * still cached by another process) finds it gone, 404.
 */
export async function inFamilyTransaction<T>(
  database: Pick<Database, 'db' | 'kind'>,
  member: FamilyMember,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const { familyId, userId, write } = member;
  const result = await database.db.transaction().execute(async (trx) => {
    const row = await lockFamily[database.kind].first(trx, familyId, userId);
    if (!row) {
      const user = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst();
      throw user ? notFound('Family') : new AppError(401, 'AUTHENTICATION_REQUIRED');
    }
    return work(trx);
  });
  if (write && database.kind === 'postgres') write.commits += 1;
  return result;
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
