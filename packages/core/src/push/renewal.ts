// Apart from the push schemas: the web app checks this on every signed-in page, without zod.

/** Spec §9: a push registration older than 7 days is renewed. */
export const PUSH_RENEW_AFTER_MS = 7 * 86_400_000;

export function isPushRenewalDue(lastRenewedAtMs: number | null, nowMs: number): boolean {
  return lastRenewedAtMs === null || nowMs - lastRenewedAtMs >= PUSH_RENEW_AFTER_MS;
}
