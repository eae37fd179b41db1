import { z } from 'zod';
import { ZPersonName } from '../auth/schemas.ts';

/**
 * Deleting one's account (issue 18). A password account confirms with its password; an account
 * without one (signed up through a provider) confirms by a recent sign-in: its access token must
 * have been issued within this window.
 */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Body of `PATCH /account`: the member's own name (issue 29: each adult has their own, kept on
 * their account; the family's members list, greetings and invitations use it).
 */
export const ZAccountUpdate = z.strictObject({ name: ZPersonName });
export type TAccountUpdate = z.infer<typeof ZAccountUpdate>;

export const ZAccountDelete = z.object({
  password: z.string().max(1024).optional(),
});
export type TAccountDelete = z.infer<typeof ZAccountDelete>;

export const WRONG_PASSWORD_MESSAGE = 'The password is not correct';
export const PASSWORD_REQUIRED_MESSAGE = 'Enter your password to delete your account';
export const RECENT_SIGN_IN_REQUIRED_MESSAGE =
  'Sign in again (within the last 10 minutes) to delete your account';
export const OWNER_MUST_HAND_OVER_MESSAGE =
  'Hand ownership to another member of your family before deleting your account';

/** True when a token issued at `issuedAtMs` counts as a recent sign-in at `nowMs`. */
export function isRecentSignIn(issuedAtMs: number, nowMs: number): boolean {
  return nowMs - issuedAtMs <= RECENT_SIGN_IN_MS;
}

/** The export's file name: `keep-kid-busy-export-YYYY-MM-DD.zip` (UTC date). */
export function exportFileName(now: Date): string {
  return `keep-kid-busy-export-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * Who a family's history names in place of a member who deleted their account: the records stay
 * with the family, the person's id does not.
 */
export const FORMER_MEMBER_ID = 'former-member';
