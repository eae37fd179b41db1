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

/**
 * The same rule on the address as typed (before trimming), so that a JSON Schema can state it:
 * the simple pattern with surrounding white space allowed.
 */
export const EMAIL_INPUT_PATTERN = new RegExp(`^\\s*${EMAIL_PATTERN.source.slice(1, -1)}\\s*$`);

/**
 * The e-mail rule as a zod schema: trims, lower-cases and reports the spec's two messages. The
 * rule is a pattern, so the OpenAPI document states it too.
 */
export const ZEmail = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_INPUT_PATTERN, {
    error: (issue) => {
      const result = checkEmail(typeof issue.input === 'string' ? issue.input : undefined);
      return result.valid ? undefined : result.message;
    },
  })
  .transform((value) => value.trim().toLowerCase());
