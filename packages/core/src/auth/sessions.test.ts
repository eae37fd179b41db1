import { describe, expect, it } from 'vitest';
import {
  isWithinReuseGrace,
  REFRESH_ABSOLUTE_TTL_MS,
  REFRESH_IDLE_TTL_MS,
  refreshTokenExpiresAt,
} from './sessions.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('refresh token lifetime', () => {
  it('DESIGN Security: a refresh token dies 30 days after it was issued', () => {
    expect(REFRESH_IDLE_TTL_MS).toBe(30 * DAY);
    expect(refreshTokenExpiresAt(1_000, 1_000)).toBe(1_000 + 30 * DAY);
  });

  it('DESIGN Security: no refresh token outlives the sign-in by more than 180 days', () => {
    expect(REFRESH_ABSOLUTE_TTL_MS).toBe(180 * DAY);
    const signIn = 0;
    expect(refreshTokenExpiresAt(170 * DAY, signIn)).toBe(180 * DAY);
    expect(refreshTokenExpiresAt(100 * DAY, signIn)).toBe(130 * DAY);
  });

  it('DESIGN Security: reuse within 10 s of a rotation is a concurrent refresh', () => {
    expect(isWithinReuseGrace(0, 10_000)).toBe(true);
    expect(isWithinReuseGrace(0, 10_001)).toBe(false);
  });
});
