import { describe, expect, it } from 'vitest';
import {
  isLoginFailureForgotten,
  judgeLoginAttempt,
  LOGIN_FAILURE_MEMORY_MS,
  loginWaitMs,
  tooManyAttemptsMessage,
  type TLoginFailures,
} from './lockout.ts';

const MINUTE = 60_000;

/** Runs `count` failed attempts one after another, each as soon as it is allowed. */
function failRepeatedly(count: number, startMs = 0): { kept: TLoginFailures; nowMs: number } {
  let kept: TLoginFailures | undefined;
  let nowMs = startMs;
  for (let i = 0; i < count; i++) {
    if (kept) nowMs = Math.max(nowMs, kept.lockedUntilMs);
    const judged = judgeLoginAttempt(kept, nowMs);
    expect(judged.waitMs).toBe(0);
    kept = judged.next;
  }
  if (!kept) throw new Error('no attempt made');
  return { kept, nowMs };
}

describe('sign-in lockout (issue 29)', () => {
  it('four failures cost nothing; the fifth makes the next attempt wait 30 s', () => {
    expect([1, 2, 3, 4].map(loginWaitMs)).toEqual([0, 0, 0, 0]);
    expect(loginWaitMs(5)).toBe(30_000);
  });

  it('the wait doubles with each further failure and stops growing at 15 minutes', () => {
    expect([6, 7, 8, 9, 10, 11, 50].map(loginWaitMs)).toEqual([
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      15 * MINUTE,
      15 * MINUTE,
      15 * MINUTE,
    ]);
  });

  it('an attempt while locked is refused with the wait left, and does not lengthen it', () => {
    const { kept, nowMs } = failRepeatedly(5);
    expect(kept.lockedUntilMs).toBe(nowMs + 30_000);
    const refused = judgeLoginAttempt(kept, nowMs + 10_000);
    expect(refused).toEqual({ waitMs: 20_000, next: kept });
  });

  it('once the wait is over the next attempt goes ahead, counted as a failure until it succeeds', () => {
    const { kept, nowMs } = failRepeatedly(5);
    const judged = judgeLoginAttempt(kept, nowMs + 30_000);
    expect(judged.waitMs).toBe(0);
    expect(judged.next).toEqual({
      failures: 6,
      lastFailureAtMs: nowMs + 30_000,
      lockedUntilMs: nowMs + 30_000 + MINUTE,
    });
  });

  it('failures are forgotten a day after the last one', () => {
    const { kept, nowMs } = failRepeatedly(9);
    const later = nowMs + LOGIN_FAILURE_MEMORY_MS;
    expect(isLoginFailureForgotten(kept, later - 1)).toBe(false);
    expect(isLoginFailureForgotten(kept, later)).toBe(true);
    expect(judgeLoginAttempt(kept, later).next.failures).toBe(1);
  });

  it('the message says how long, in seconds under a minute and in whole minutes above', () => {
    expect(tooManyAttemptsMessage(30)).toBe('Too many attempts. Try again in 30 seconds.');
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Try again in 1 second.');
    expect(tooManyAttemptsMessage(60)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(tooManyAttemptsMessage(900)).toBe('Too many attempts. Try again in 15 minutes.');
  });
});
