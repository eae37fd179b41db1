import type { Transaction } from 'kysely';
import { AppError } from '../errors.ts';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';

/**
 * Runs `work` in a transaction that first locks the family's row (the user row, on PostgreSQL
 * `FOR NO KEY UPDATE`), so that one family's read-modify-writes and count-limited inserts run one
 * after another and no acknowledged write is lost. Every such transaction takes this lock first,
 * so locks are always taken in the same order. `NO KEY` leaves rows that merely reference the
 * user (inserts elsewhere) unblocked. SQLite needs no lock: Kysely runs its transactions on one
 * connection behind a mutex, so they never interleave.
 *
 * A family whose user no longer exists (a signed token outliving its account) is signed out: 401.
 */
export function inFamilyTransaction<T>(
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
