import { describe, expect, it } from 'vitest';
import { toAppError } from './app-error.ts';

/** What the web client's fetch wrapper throws for a non-2xx answer. */
class ApiRequestError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  constructor(status: number, detail: string, code: string) {
    super(detail);
    this.status = status;
    this.detail = detail;
    this.code = code;
  }
}

describe('toAppError', () => {
  it('§8 an API answer with a known code keeps its code as the kind and its detail as the message', () => {
    expect(
      toAppError(new ApiRequestError(401, 'Invalid email or password', 'INVALID_CREDENTIALS')),
    ).toEqual({
      kind: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
      severity: 'medium',
      retryable: false,
      userActionable: true,
      suggestedActions: ['Check your email and password and try again'],
      status: 401,
    });
  });

  it('§8 an API body with its status passed beside it is read the same way', () => {
    const info = toAppError(
      { detail: 'Activity not found', code: 'DATA_NOT_FOUND' },
      { status: 404 },
    );
    expect(info).toMatchObject({
      kind: 'DATA_NOT_FOUND',
      message: 'Activity not found',
      status: 404,
    });
  });

  it('§8 an API answer with an unknown code is classified by its HTTP status', () => {
    const info = toAppError({ detail: 'Slow down', code: 'THROTTLED', status: 429 });
    expect(info).toMatchObject({ kind: 'RATE_LIMIT_EXCEEDED', message: 'Slow down', status: 429 });
    expect(info.retryable).toBe(true);
  });

  it('§8 an API answer with neither known code nor status is classified by its detail', () => {
    expect(toAppError({ detail: 'Service unavailable' }).kind).toBe('SERVICE_UNAVAILABLE');
  });

  it('§8 a failed fetch (TypeError) is NETWORK_ERROR, high and retryable', () => {
    for (const message of ['Failed to fetch', 'Load failed', 'fetch failed']) {
      expect(toAppError(new TypeError(message))).toMatchObject({
        kind: 'NETWORK_ERROR',
        message: 'Network connection failed. Please check your internet connection',
        severity: 'high',
        retryable: true,
      });
    }
  });

  it('§8 a TypeError from a bug is not mistaken for the network', () => {
    const info = toAppError(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(info).toMatchObject({ kind: 'UNKNOWN_ERROR', message: 'An unexpected error occurred' });
  });

  it('§8 an aborted or timed-out request is TIMEOUT_ERROR', () => {
    for (const name of ['AbortError', 'TimeoutError']) {
      expect(
        toAppError(Object.assign(new Error('The operation was aborted.'), { name })),
      ).toMatchObject({
        kind: 'TIMEOUT_ERROR',
        message: 'Request timed out. Please try again',
        retryable: true,
      });
    }
  });

  it('§8 offline, as the caller reports it, is OFFLINE_ERROR whatever was thrown', () => {
    expect(toAppError(new TypeError('Failed to fetch'), { isOffline: true })).toEqual({
      kind: 'OFFLINE_ERROR',
      message: 'You are currently offline. Some features may be limited',
      severity: 'medium',
      retryable: false,
      userActionable: false,
      suggestedActions: [
        'Check your internet connection and try again in a moment',
        'Some features may work offline',
      ],
    });
  });

  it('§8 a failed answer without a body is classified by its status', () => {
    expect(toAppError(new Error('Bad Gateway'), { status: 502 })).toMatchObject({
      kind: 'SERVICE_UNAVAILABLE',
      status: 502,
    });
    expect(toAppError('I am a teapot', { status: 418 })).toMatchObject({
      kind: 'NETWORK_ERROR',
      message: 'HTTP 418: I am a teapot',
    });
  });

  it('§8 a plain Error is classified by its message, which is kept when recognised', () => {
    expect(toAppError(new Error('User profile not found'))).toMatchObject({
      kind: 'DATA_NOT_FOUND',
      message: 'User profile not found',
    });
    expect(toAppError(new Error('Failed to get current user: No user logged in'))).toMatchObject({
      kind: 'AUTHENTICATION_REQUIRED',
      message: 'Failed to get current user: No user logged in',
    });
    expect(toAppError('Login failed: Too many requests').kind).toBe('AUTHENTICATION_REQUIRED');
  });

  it('§8 a wrapped auth error keeps its message even when no rule matches its reason', () => {
    expect(toAppError(new Error('Registration failed: Email already registered'))).toMatchObject({
      kind: 'UNKNOWN_ERROR',
      message: 'Registration failed: Email already registered',
    });
  });

  it('§8 an unrecognised message shows the catalogue default, not internals', () => {
    expect(toAppError(new Error('x is not a function'))).toMatchObject({
      kind: 'UNKNOWN_ERROR',
      message: 'An unexpected error occurred',
      severity: 'high',
      suggestedActions: ['Try again, and contact support if the problem continues'],
    });
  });

  it('§8 values that are not errors are UNKNOWN_ERROR', () => {
    for (const value of [undefined, null, 42, { foo: 'bar' }]) {
      expect(toAppError(value).kind).toBe('UNKNOWN_ERROR');
    }
  });

  it('§8 no status is reported unless the failure came with one', () => {
    expect(toAppError(new Error('Network down'))).not.toHaveProperty('status');
  });
});
