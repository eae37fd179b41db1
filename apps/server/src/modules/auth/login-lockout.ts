import {
  isLoginFailureForgotten,
  judgeLoginAttempt,
  type TLoginFailures,
} from '@kkb/core/auth/lockout';
import type { Database } from '../../db/database.ts';
import { hashToken } from '../../lib/random-tokens.ts';
import * as repo from './lockout-repository.ts';

/**
 * Where the failed sign-ins of each account at each address are kept (core's `auth/lockout.ts`
 * decides what they mean). Failures count per account and address together, so that failures
 * from elsewhere never lock the owner out; the per-IP rate limit bounds guessing from any one
 * address.
 */
export interface LoginLockoutStore {
  /**
   * One sign-in attempt, judged and kept in one atomic step: the milliseconds to wait while the
   * account is locked at this address (nothing changes then), else 0, the attempt counted as a
   * failure until `succeeded` says otherwise. Attempts sent at once are all counted.
   */
  attempt(account: string, ip: string, nowMs: number): Promise<number>;
  /** The attempt signed in: the failures at this address are forgotten. */
  succeeded(account: string, ip: string): Promise<void>;
  /** Forgets the account's failures at every address, which lifts any lockout of it. */
  lift(account: string): Promise<void>;
}

const MAX_MEMORY_ACCOUNTS = 10_000;

/** In this process's memory: enough for one process (SQLite), like the rate limits. */
export function createMemoryLoginLockoutStore(): LoginLockoutStore {
  const accounts = new Map<string, Map<string, TLoginFailures>>();
  const sweep = (nowMs: number) => {
    for (const [account, addresses] of accounts) {
      for (const [ip, kept] of addresses) {
        if (isLoginFailureForgotten(kept, nowMs)) addresses.delete(ip);
      }
      if (addresses.size === 0) accounts.delete(account);
    }
  };
  return {
    attempt(account, ip, nowMs) {
      let addresses = accounts.get(account);
      if (!addresses) {
        if (accounts.size >= MAX_MEMORY_ACCOUNTS) sweep(nowMs);
        addresses = new Map();
        accounts.set(account, addresses);
      }
      const judged = judgeLoginAttempt(addresses.get(ip), nowMs);
      addresses.set(ip, judged.next);
      return Promise.resolve(judged.waitMs);
    },
    succeeded(account, ip) {
      const addresses = accounts.get(account);
      addresses?.delete(ip);
      if (addresses?.size === 0) accounts.delete(account);
      return Promise.resolve();
    },
    lift(account) {
      accounts.delete(account);
      return Promise.resolve();
    },
  };
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * In the database's `login_failures` table: every process on the database judges alike. The
 * account and the address are stored as SHA-256 hashes, so the table holds neither. Each attempt
 * reads and writes its row under a row lock, so attempts at once are judged one after another.
 * Forgotten rows are deleted at most once a minute per process, by the real clock.
 */
export function createDatabaseLoginLockoutStore(
  database: Pick<Database, 'db'>,
  realNow: () => number = Date.now,
): LoginLockoutStore {
  const { db } = database;
  let lastSweepMs = 0;
  return {
    async attempt(account, ip, nowMs) {
      const realNowMs = realNow();
      if (realNowMs - lastSweepMs >= SWEEP_INTERVAL_MS) {
        lastSweepMs = realNowMs;
        await repo.deleteForgottenLoginFailures(db, realNowMs);
      }
      const key = { accountHash: hashToken(account), ipHash: hashToken(ip) };
      return db.transaction().execute(async (trx) => {
        const kept = await repo.lockLoginFailures(trx, key);
        const judged = judgeLoginAttempt(kept, nowMs);
        if (judged.waitMs === 0) await repo.saveLoginFailures(trx, key, judged.next);
        return judged.waitMs;
      });
    },
    succeeded: (account, ip) =>
      repo.deleteLoginFailures(db, { accountHash: hashToken(account), ipHash: hashToken(ip) }),
    lift: (account) => repo.deleteAccountLoginFailures(db, hashToken(account)),
  };
}

/** The store the app uses: the database's table on PostgreSQL (several processes), else memory. */
export function createLoginLockoutStore(
  database: Pick<Database, 'db' | 'kind'>,
): LoginLockoutStore {
  return database.kind === 'postgres'
    ? createDatabaseLoginLockoutStore(database)
    : createMemoryLoginLockoutStore();
}
