/** A fixed-window counter per key, kept in memory (one server process). */
export class RateLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #hits = new Map<string, { count: number; resetAt: number }>();

  constructor(max: number, windowMs: number, now: () => number = Date.now) {
    this.#max = max;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  /** Seconds until `key` may try again, or 0 when it is under the limit. */
  retryAfter(key: string): number {
    const entry = this.#live(key);
    if (!entry || entry.count < this.#max) return 0;
    return Math.max(1, Math.ceil((entry.resetAt - this.#now()) / 1000));
  }

  hit(key: string): void {
    const entry = this.#live(key);
    if (entry) entry.count += 1;
    else this.#hits.set(key, { count: 1, resetAt: this.#now() + this.#windowMs });
    if (this.#hits.size > 10_000) this.#sweep();
  }

  clear(key: string): void {
    this.#hits.delete(key);
  }

  #live(key: string): { count: number; resetAt: number } | undefined {
    const entry = this.#hits.get(key);
    if (entry && entry.resetAt <= this.#now()) {
      this.#hits.delete(key);
      return undefined;
    }
    return entry;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface AuthRateLimits {
  /**
   * Failed logins per account and client IP together, so that failures from elsewhere never
   * lock the owner out; the per-IP limit bounds guessing from any one address.
   */
  loginFailuresPerAccount: RateLimitRule;
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
  loginFailuresPerAccount: { max: 5, windowMs: 15 * MINUTE },
  loginAttemptsPerIp: { max: 20, windowMs: 15 * MINUTE },
  resetRequests: { max: 5, windowMs: 60 * MINUTE },
  registrationsPerIp: { max: 10, windowMs: 60 * MINUTE },
  mailsPerAddress: { max: 10, windowMs: 60 * MINUTE },
};
