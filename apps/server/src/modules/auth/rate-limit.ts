import type { Database } from '../../db/database.ts';
import { hashToken } from '../../lib/random-tokens.ts';
import * as repo from './repository.ts';

/** A fixed window: the hits counted in it so far and when it ends (ms since the epoch). */
export interface RateLimitWindow {
  count: number;
  resetAtMs: number;
}

/** Where rate-limit counters live. Each call is one atomic step: hits at once are all counted. */
export interface RateLimitStore {
  /** Counts a hit of `key`: in its running window, or in a new one of `windowMs` from `nowMs`. */
  hit(key: string, windowMs: number, nowMs: number): Promise<RateLimitWindow>;
  clear(key: string): Promise<void>;
}

const MAX_MEMORY_KEYS = 10_000;

/** In this process's memory: enough for one process (SQLite), and the fastest. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, RateLimitWindow>();
  const sweep = (nowMs: number) => {
    for (const [key, window] of windows) if (window.resetAtMs <= nowMs) windows.delete(key);
  };
  return {
    hit(key, windowMs, nowMs) {
      let window = windows.get(key);
      if (window && window.resetAtMs > nowMs) {
        window.count += 1;
      } else {
        window = { count: 1, resetAtMs: nowMs + windowMs };
        windows.set(key, window);
        if (windows.size > MAX_MEMORY_KEYS) sweep(nowMs);
      }
      return Promise.resolve({ ...window });
    },
    clear(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * In the database's `rate_limits` table: every process on the database counts together. Keys
 * are stored as SHA-256 hashes, so the table holds no addresses. Ended windows are deleted at
 * most once a minute per process, by the real clock (a test's clock may run ahead of others').
 */
export function createDatabaseRateLimitStore(
  database: Pick<Database, 'db'>,
  realNow: () => number = Date.now,
): RateLimitStore {
  const { db } = database;
  let lastSweepMs = 0;
  return {
    async hit(key, windowMs, nowMs) {
      const realNowMs = realNow();
      if (realNowMs - lastSweepMs >= SWEEP_INTERVAL_MS) {
        lastSweepMs = realNowMs;
        await repo.deleteEndedRateLimits(db, new Date(realNowMs).toISOString());
      }
      const row = await repo.hitRateLimit(
        db,
        hashToken(key),
        new Date(nowMs + windowMs).toISOString(),
        new Date(nowMs).toISOString(),
      );
      return { count: row.count, resetAtMs: Date.parse(row.resetAt) };
    },
    clear: (key) => repo.deleteRateLimit(db, hashToken(key)),
  };
}

/**
 * The store the app uses: the database's table on PostgreSQL, where several processes may serve
 * one site; memory on SQLite, which is one process.
 */
export function createRateLimitStore(database: Pick<Database, 'db' | 'kind'>): RateLimitStore {
  return database.kind === 'postgres'
    ? createDatabaseRateLimitStore(database)
    : createMemoryRateLimitStore();
}

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** One rule over a store; `name` keeps its keys apart from those of other rules. */
export class RateLimiter {
  readonly #store: RateLimitStore;
  readonly #name: string;
  readonly #rule: RateLimitRule;
  readonly #now: () => number;

  constructor(
    store: RateLimitStore,
    name: string,
    rule: RateLimitRule,
    now: () => number = Date.now,
  ) {
    this.#store = store;
    this.#name = name;
    this.#rule = rule;
    this.#now = now;
  }

  /**
   * Counts an attempt of `key` (refused ones too: the window's end does not move) and returns
   * the seconds to wait when it is one too many, else 0. Counting first and judging by the
   * count it returns lets no attempts at once slip past the limit together.
   */
  async take(key: string): Promise<number> {
    const nowMs = this.#now();
    const window = await this.#store.hit(this.#key(key), this.#rule.windowMs, nowMs);
    if (window.count <= this.#rule.max) return 0;
    return Math.max(1, Math.ceil((window.resetAtMs - nowMs) / 1000));
  }

  /** Forgets the attempts of `key` (a successful sign-in clears its failures). */
  clear(key: string): Promise<void> {
    return this.#store.clear(this.#key(key));
  }

  #key(key: string): string {
    return `${this.#name}\n${key}`;
  }
}

export interface AuthRateLimits {
  /**
   * Wrong passwords given to delete an account, per account (failed sign-ins have their own,
   * growing lockout: login-lockout.ts).
   */
  deletePasswordFailures: RateLimitRule;
  /** Login attempts (good or bad) per client IP. */
  loginAttemptsPerIp: RateLimitRule;
  /** Password-reset requests per account and per IP. */
  resetRequests: RateLimitRule;
  /** Sign-up attempts per client IP (a taken address counts too, so it cannot list accounts). */
  registrationsPerIp: RateLimitRule;
  /** Mails of any kind to one address; more are dropped (and logged). */
  mailsPerAddress: RateLimitRule;
}

const MINUTE = 60_000;
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  deletePasswordFailures: { max: 5, windowMs: 15 * MINUTE },
  loginAttemptsPerIp: { max: 20, windowMs: 15 * MINUTE },
  resetRequests: { max: 5, windowMs: 60 * MINUTE },
  registrationsPerIp: { max: 10, windowMs: 60 * MINUTE },
  mailsPerAddress: { max: 10, windowMs: 60 * MINUTE },
};
