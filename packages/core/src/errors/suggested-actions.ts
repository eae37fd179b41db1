import type { TErrorKind } from './catalogue.ts';

/** §8 "Suggested actions", as the sentences shown under an error. */
export const SUGGESTED_ACTIONS = {
  logIn: 'Please log in',
  checkCredentials: 'Check your email and password and try again',
  checkConnection: 'Check your internet connection and try again in a moment',
  worksOffline: 'Some features may work offline',
  waitAMoment: 'Wait a moment before trying again',
  checkInput: 'Check your input',
  contactSupport: 'Try again, and contact support if the problem continues',
} as const;

const { logIn, checkCredentials, checkConnection, worksOffline, waitAMoment, checkInput } =
  SUGGESTED_ACTIONS;

// Kinds not listed get the spec's "otherwise" entry.
const ACTIONS_BY_KIND: Partial<Record<TErrorKind, readonly string[]>> = {
  AUTHENTICATION_REQUIRED: [logIn],
  TOKEN_EXPIRED: [logIn],
  INVALID_CREDENTIALS: [checkCredentials],
  USER_NOT_FOUND: [checkCredentials],
  NETWORK_ERROR: [checkConnection],
  TIMEOUT_ERROR: [checkConnection],
  OFFLINE_ERROR: [checkConnection, worksOffline],
  RATE_LIMIT_EXCEEDED: [waitAMoment],
  VALIDATION_ERROR: [checkInput],
};

/** §8: what the user can do about an error of this kind. */
export function suggestedActions(kind: TErrorKind): readonly string[] {
  return ACTIONS_BY_KIND[kind] ?? [SUGGESTED_ACTIONS.contactSupport];
}
