import { z } from 'zod';

/** Spec §5: the simple e-mail pattern (something@something.something, no spaces). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_REQUIRED_MESSAGE = 'Email is required';

export function invalidEmailMessage(email: string): string {
  return `Invalid email format: ${email}. Please enter a valid email address like name@example.com`;
}

export type TEmailCheck = { valid: true; email: string } | { valid: false; message: string };

/** Spec §5 e-mail rule: required, then the simple pattern; the address is trimmed first. */
export function checkEmail(input: string | null | undefined): TEmailCheck {
  const email = (input ?? '').trim();
  if (email === '') return { valid: false, message: EMAIL_REQUIRED_MESSAGE };
  if (!EMAIL_PATTERN.test(email)) return { valid: false, message: invalidEmailMessage(email) };
  return { valid: true, email };
}

/** The e-mail rule as a zod schema: trims, lower-cases and reports the spec's two messages. */
export const ZEmail = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .max(254, 'Email must be at most 254 characters')
  .transform((value, ctx) => {
    const result = checkEmail(value);
    if (!result.valid) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.email.toLowerCase();
  });
