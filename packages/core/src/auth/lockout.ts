/**
 * The sign-in lockout (issue 29): wrong passwords for one account from one address make the next
 * attempt wait, a little at first and longer with each further failure. Pure: times are epoch
 * milliseconds supplied by the caller.
 *
 * Why this schedule: four wrong passwords cost nothing (typos, a child at the keyboard); the
 * fifth makes the account wait 30 s there, and each further one doubles the wait (1, 2, 4, 8
 * minutes) up to 15 minutes. A parent whose child typed five times waits half a minute, not a
 * quarter of an hour; someone guessing gets about a hundred tries a day at the 15-minute pace,
 * fewer than the fixed window's five every 15 minutes (480 a day) allowed.
 */

/** Failures that make no one wait. */
export const FREE_LOGIN_FAILURES = 4;
/** The wait after the first failure beyond the free ones; it doubles with each further failure. */
export const FIRST_LOGIN_WAIT_MS = 30_000;
/** The longest wait. */
export const MAX_LOGIN_WAIT_MS = 15 * 60_000;
/** Failures are forgotten this long after the last one (and at once by a successful sign-in). */
export const LOGIN_FAILURE_MEMORY_MS = 24 * 60 * 60_000;

/** How long sign-in waits after `failures` failed attempts in a row. */
export function loginWaitMs(failures: number): number {
  const beyondFree = failures - FREE_LOGIN_FAILURES;
  if (beyondFree <= 0) return 0;
  // 2^5 * 30 s is past the cap already: larger exponents would only grow the number.
  return Math.min(FIRST_LOGIN_WAIT_MS * 2 ** Math.min(beyondFree - 1, 5), MAX_LOGIN_WAIT_MS);
}

/** The failures of one account at one address, as kept between attempts. */
export interface TLoginFailures {
  failures: number;
  lastFailureAtMs: number;
  /** Until when the next attempt is refused (0: not locked). */
  lockedUntilMs: number;
}

export interface TLoginAttemptJudgement {
  /** How long the attempt must wait: 0 when it may go ahead. */
  waitMs: number;
  /** What to keep: the same while locked (waiting attempts never lengthen the wait). */
  next: TLoginFailures;
}

/**
 * One sign-in attempt at `nowMs`. While locked it is refused with the wait left, and changes
 * nothing. Otherwise it goes ahead, counted as a failure until the sign-in succeeds (the caller
 * then forgets the failures): attempts sent at once are all counted, and cannot pass together.
 */
export function judgeLoginAttempt(
  previous: TLoginFailures | undefined,
  nowMs: number,
): TLoginAttemptJudgement {
  if (previous && previous.lockedUntilMs > nowMs) {
    return { waitMs: previous.lockedUntilMs - nowMs, next: previous };
  }
  const remembered =
    previous && nowMs - previous.lastFailureAtMs < LOGIN_FAILURE_MEMORY_MS ? previous.failures : 0;
  const failures = remembered + 1;
  const wait = loginWaitMs(failures);
  return {
    waitMs: 0,
    next: { failures, lastFailureAtMs: nowMs, lockedUntilMs: wait > 0 ? nowMs + wait : 0 },
  };
}

/** Whether kept failures can be dropped: forgotten, and not locking anything. */
export function isLoginFailureForgotten(kept: TLoginFailures, nowMs: number): boolean {
  return kept.lockedUntilMs <= nowMs && nowMs - kept.lastFailureAtMs >= LOGIN_FAILURE_MEMORY_MS;
}

/** How long to wait, in words: seconds under a minute, else whole minutes rounded up. */
export function waitInWords(waitSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(waitSeconds));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The message of a refused attempt: "Too many attempts. Try again in 2 minutes." */
export function tooManyAttemptsMessage(waitSeconds: number): string {
  return `Too many attempts. Try again in ${waitInWords(waitSeconds)}.`;
}
