import { describe, expect, it } from 'vitest';
import {
  AUTH_ERROR_PREFIXES,
  NO_OFFLINE_CACHE,
  unwrapAuthError,
  wrapAuthError,
} from './messages.ts';

describe('auth error prefixes', () => {
  it('§8 wrapped auth error prefixes: exactly the spec list', () => {
    expect(Object.values(AUTH_ERROR_PREFIXES)).toEqual([
      'Registration failed:',
      'Login failed:',
      'Google login failed:',
      'Facebook login failed:',
      'Token refresh failed:',
      'Logout failed:',
      'Password reset failed:',
      'Failed to get current user:',
    ]);
  });

  it('§8 wrapped auth error prefixes: wrapping puts the prefix and a space before the reason', () => {
    expect(wrapAuthError('login', 'Invalid email or password')).toBe(
      'Login failed: Invalid email or password',
    );
    expect(wrapAuthError('currentUser', 'No user logged in')).toBe(
      'Failed to get current user: No user logged in',
    );
  });

  it('§8 wrapped auth error prefixes: unwrapping gives back the reason for every operation', () => {
    for (const operation of Object.keys(
      AUTH_ERROR_PREFIXES,
    ) as (keyof typeof AUTH_ERROR_PREFIXES)[]) {
      expect(unwrapAuthError(wrapAuthError(operation, 'Too many requests'))).toBe(
        'Too many requests',
      );
    }
  });

  it('§8 wrapped auth error prefixes: nested wraps are all removed, other text is unchanged', () => {
    expect(unwrapAuthError(wrapAuthError('googleLogin', wrapAuthError('login', 'x')))).toBe('x');
    expect(unwrapAuthError('User profile not found')).toBe('User profile not found');
    expect(unwrapAuthError('Something Login failed: later')).toBe('Something Login failed: later');
  });
});

describe('fixed messages', () => {
  it("§8 fallbacks: offline with no cache reads 'No cached data available offline'", () => {
    expect(NO_OFFLINE_CACHE).toBe('No cached data available offline');
  });
});
