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

/** §8 fallbacks: what a page says offline when it has nothing stored to show. */
export const NO_OFFLINE_CACHE = 'No cached data available offline';
