/**
 * Session lifetime rules (DESIGN "Security": short access tokens, rotating refresh tokens with
 * reuse detection). Pure: times are epoch milliseconds supplied by the caller.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
/** A refresh token dies this long after it was issued (i.e. after the session's last use). */
export const REFRESH_IDLE_TTL_MS = 30 * DAY_MS;
/** A sign-in (token family) ends this long after it began, however active it is. */
export const REFRESH_ABSOLUTE_TTL_MS = 180 * DAY_MS;
/** An already-rotated refresh token presented again this soon is a concurrent refresh, not theft. */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** When a refresh token issued at `issuedAt` in a sign-in begun at `familyCreatedAt` expires. */
export function refreshTokenExpiresAt(issuedAt: number, familyCreatedAt: number): number {
  return Math.min(issuedAt + REFRESH_IDLE_TTL_MS, familyCreatedAt + REFRESH_ABSOLUTE_TTL_MS);
}

/** Whether a token rotated at `rotatedAt` may still be answered at `now` instead of revoking. */
export function isWithinReuseGrace(rotatedAt: number, now: number): boolean {
  return now - rotatedAt <= REFRESH_REUSE_GRACE_MS;
}
