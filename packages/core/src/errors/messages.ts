/** §8 "Wrapped auth error prefixes": each auth operation's failure reads '{prefix} {reason}'. */
export const AUTH_ERROR_PREFIXES = {
  register: 'Registration failed:',
  login: 'Login failed:',
  googleLogin: 'Google login failed:',
  facebookLogin: 'Facebook login failed:',
  tokenRefresh: 'Token refresh failed:',
  logout: 'Logout failed:',
  passwordReset: 'Password reset failed:',
  currentUser: 'Failed to get current user:',
} as const;
export type TAuthOperation = keyof typeof AUTH_ERROR_PREFIXES;

export function wrapAuthError(operation: TAuthOperation, message: string): string {
  return `${AUTH_ERROR_PREFIXES[operation]} ${message}`;
}

const PREFIXES: readonly string[] = Object.values(AUTH_ERROR_PREFIXES);

/** The reason inside a wrapped auth error (every leading prefix removed); other text unchanged. */
export function unwrapAuthError(message: string): string {
  let reason = message;
  for (;;) {
    const prefix = PREFIXES.find((candidate) => reason.startsWith(candidate));
    if (prefix === undefined) return reason;
    reason = reason.slice(prefix.length).trimStart();
  }
}

// Messages the spec shows verbatim (§7, §8).
export const NO_USER_LOGGED_IN = 'No user logged in';
export const USER_PROFILE_NOT_FOUND = 'User profile not found';
export const NO_AUTHENTICATED_USER = 'No authenticated user found';
export const NO_AUTH_TOKEN = 'No authentication token available';
export const ACTIVITY_NOT_FOUND = 'Activity not found';
export const NO_OFFLINE_CACHE = 'No cached data available offline';

/** §7 legacy auth: the message when a failed answer carries no detail. */
export function authenticationFailedMessage(status: number): string {
  return `Authentication failed: ${status}`;
}

/** §7 notifications: the message when a failed answer carries no detail. */
export function httpErrorMessage(status: number): string {
  return `HTTP error! status: ${status}`;
}
