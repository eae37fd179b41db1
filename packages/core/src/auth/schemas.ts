import { z } from 'zod';
import { ZEmail } from '../validation/email.ts';
import { PASSWORD_BLANK_MESSAGE, passwordProblem } from './password-rules.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** OWASP ASVS 5.0 asks that at least 64 characters be accepted. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORD_TOO_COMMON_MESSAGE =
  'This password is too common. Please choose a less guessable one';
export const NAME_REQUIRED_MESSAGE = 'Name is required';

/** A new password (registration, reset): length rules; the common-password check is the server's. */
export const ZNewPassword = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE)
  // "Not only spaces" as a pattern, so the OpenAPI document states it.
  .regex(/\S/, PASSWORD_BLANK_MESSAGE);

export const ZPersonName = z
  .string({ error: NAME_REQUIRED_MESSAGE })
  .max(100, 'Name must be at most 100 characters')
  .trim()
  .min(1, NAME_REQUIRED_MESSAGE);

/** The auth user of spec §3 (legacy REST shape, snake_case as the spec gives it). */
export const ZUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  is_active: z.boolean(),
  is_verified: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/** The password may not contain the name or e-mail given with it (password-rules.ts). */
export const ZRegisterBody = z
  .object({
    name: ZPersonName,
    email: ZEmail,
    password: ZNewPassword,
  })
  .superRefine(({ name, email, password }, ctx) => {
    const problem = passwordProblem(password, { email, name });
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type TRegisterBody = z.input<typeof ZRegisterBody>;

export const ZRegisterResponse = z.object({ user: ZUser });
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

export const ZLoginBody = z.object({
  email: ZEmail,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type TLoginBody = z.input<typeof ZLoginBody>;

export const ZTokenSet = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  user: ZUser,
});
export type TTokenSet = z.infer<typeof ZTokenSet>;

/** The refresh token may come in the body or, from the web app, in the httpOnly cookie. */
export const ZRefreshBody = z.object({ refresh_token: z.string().min(1).max(512).optional() });
export type TRefreshBody = z.infer<typeof ZRefreshBody>;

export const ZPasswordResetRequestBody = z.object({ email: ZEmail });
export type TPasswordResetRequestBody = z.input<typeof ZPasswordResetRequestBody>;

export const ZPasswordResetConfirmBody = z.object({
  token: z.string().min(1, 'Reset token is required').max(512),
  password: ZNewPassword,
});
export type TPasswordResetConfirmBody = z.input<typeof ZPasswordResetConfirmBody>;

export const ZPasswordChangeBody = z.object({
  current_password: z.string().min(1, 'Current password is required').max(1024),
  new_password: ZNewPassword,
});

export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export const ZOAuthProvider = z.enum(OAUTH_PROVIDERS);
export type TOAuthProvider = z.infer<typeof ZOAuthProvider>;

export const ZProviders = z.object({
  password: z.literal(true),
  google: z.boolean(),
  facebook: z.boolean(),
});
export type TProviders = z.infer<typeof ZProviders>;

export const ZOAuthExchangeBody = z.object({ code: z.string().min(1).max(512) });
export const ZOAuthExchangeResponse = ZTokenSet.extend({ is_new_user: z.boolean() });
export type TOAuthExchangeResponse = z.infer<typeof ZOAuthExchangeResponse>;
export type TPasswordChangeBody = z.input<typeof ZPasswordChangeBody>;

export const ZVerifyEmailQuery = z.object({
  token: z.string({ error: 'Verification token is required' }).min(1).max(512),
});
/**
 * `GET /verify-email` answer. `already_verified`: the link had been used before and the address
 * is confirmed, so opening it again is no error.
 */
export const ZVerifyEmailResponse = z.object({ user: ZUser, already_verified: z.boolean() });
export type TVerifyEmailResponse = z.infer<typeof ZVerifyEmailResponse>;

export const ZOAuthProviderParams = z.object({ provider: ZOAuthProvider });

/** What the provider sends back to the callback (RFC 6749 §4.1.2 and its error form). */
export const ZOAuthCallbackQuery = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(512).optional(),
  })
  .loose();

export const PASSWORD_RESET_LINK_INVALID_MESSAGE =
  'This password reset link is invalid or has expired';
export const EMAIL_VERIFICATION_LINK_INVALID_MESSAGE =
  'This verification link is invalid or has expired';
export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';
export const CURRENT_PASSWORD_INCORRECT_MESSAGE = 'current_password: Current password is incorrect';
