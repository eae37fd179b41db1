import { describe, expect, it } from 'vitest';
import { ERROR_KINDS } from './catalogue.ts';
import {
  classifyAuthCode,
  classifyMessage,
  classifyStatus,
  isErrorKind,
  messageForKind,
} from './classify.ts';

describe('classifyMessage', () => {
  it.each([
    ['Authentication failed: 401', 'AUTHENTICATION_REQUIRED'],
    ['auth/requires-recent-login', 'AUTHENTICATION_REQUIRED'],
    ['Login failed: something', 'AUTHENTICATION_REQUIRED'],
    ['Please log in to continue', 'AUTHENTICATION_REQUIRED'],
    ['No user logged in', 'AUTHENTICATION_REQUIRED'],
    ['No authenticated user found', 'AUTHENTICATION_REQUIRED'],
    ['No authentication token available', 'AUTHENTICATION_REQUIRED'],
    ['Network request failed', 'NETWORK_ERROR'],
    ['Failed to fetch', 'NETWORK_ERROR'],
    ['Connection reset', 'NETWORK_ERROR'],
    ['Operation timeout', 'TIMEOUT_ERROR'],
    ['Request timed out. Please try again', 'TIMEOUT_ERROR'],
    ['User profile not found', 'DATA_NOT_FOUND'],
    ['HTTP error! status: 404', 'DATA_NOT_FOUND'],
    ['Missing permission', 'PERMISSION_DENIED'],
    ['Unauthorized', 'PERMISSION_DENIED'],
    ['HTTP error! status: 403', 'PERMISSION_DENIED'],
    ['Validation error on name', 'VALIDATION_ERROR'],
    ['Invalid email or password', 'VALIDATION_ERROR'],
    ['Rate limit reached', 'RATE_LIMIT_EXCEEDED'],
    ['Too many requests', 'RATE_LIMIT_EXCEEDED'],
    ['Weather service down', 'SERVICE_UNAVAILABLE'],
    ['Temporarily unavailable', 'SERVICE_UNAVAILABLE'],
    ['HTTP error! status: 500', 'SERVICE_UNAVAILABLE'],
  ] as const)('§8 message text: %j gives %s', (text, kind) => {
    expect(classifyMessage(text)).toBe(kind);
  });

  it('§8 message text: matching ignores case', () => {
    expect(classifyMessage('NETWORK DOWN')).toBe('NETWORK_ERROR');
    expect(classifyMessage('Not Found')).toBe('DATA_NOT_FOUND');
  });

  it('§8 message text: a text matching no rule gives UNKNOWN_ERROR', () => {
    expect(classifyMessage("Cannot read properties of undefined (reading 'x')")).toBe(
      'UNKNOWN_ERROR',
    );
    expect(classifyMessage('')).toBe('UNKNOWN_ERROR');
  });

  it('§8 message text: when several rules match, the first in the spec order wins', () => {
    expect(classifyMessage('Login failed: network error')).toBe('AUTHENTICATION_REQUIRED');
    expect(classifyMessage('Network timeout')).toBe('NETWORK_ERROR');
    expect(classifyMessage('Timeout: service unavailable')).toBe('TIMEOUT_ERROR');
    expect(classifyMessage('Invalid id: not found')).toBe('DATA_NOT_FOUND');
    expect(classifyMessage('Permission check invalid')).toBe('PERMISSION_DENIED');
    expect(classifyMessage('Invalid: too many requests')).toBe('VALIDATION_ERROR');
    expect(classifyMessage('Too many requests to the service')).toBe('RATE_LIMIT_EXCEEDED');
  });

  it('§8 message text: status numbers match only as whole numbers', () => {
    expect(classifyMessage('Took 5000 ms')).toBe('UNKNOWN_ERROR');
    expect(classifyMessage('Item 14040')).toBe('UNKNOWN_ERROR');
  });
});

describe('classifyStatus', () => {
  it('§8 HTTP status: 401 gives AUTHENTICATION_REQUIRED', () => {
    expect(classifyStatus(401)).toEqual({
      kind: 'AUTHENTICATION_REQUIRED',
      message: 'Please log in to continue',
    });
  });

  it('§8 HTTP status: 403 gives PERMISSION_DENIED', () => {
    expect(classifyStatus(403)).toEqual({
      kind: 'PERMISSION_DENIED',
      message: "You don't have permission to do that",
    });
  });

  it('§8 HTTP status: 404 gives DATA_NOT_FOUND', () => {
    expect(classifyStatus(404)).toEqual({ kind: 'DATA_NOT_FOUND', message: 'Item not found' });
  });

  it('§8 HTTP status: 429 gives RATE_LIMIT_EXCEEDED', () => {
    expect(classifyStatus(429)).toEqual({
      kind: 'RATE_LIMIT_EXCEEDED',
      message: 'Too many requests. Please wait a moment and try again',
    });
  });

  it('§8 HTTP status: 500 or more gives SERVICE_UNAVAILABLE', () => {
    for (const status of [500, 502, 503, 599]) {
      expect(classifyStatus(status)).toEqual({
        kind: 'SERVICE_UNAVAILABLE',
        message: 'The service is currently unavailable. Please try again later',
      });
    }
  });

  it("§8 HTTP status: other statuses give NETWORK_ERROR 'HTTP {status}: ...'", () => {
    expect(classifyStatus(400, 'Bad Request')).toEqual({
      kind: 'NETWORK_ERROR',
      message: 'HTTP 400: Bad Request',
    });
    expect(classifyStatus(409, 'Email already registered').message).toBe(
      'HTTP 409: Email already registered',
    );
    expect(classifyStatus(418)).toEqual({ kind: 'NETWORK_ERROR', message: 'HTTP 418' });
  });
});

describe('classifyAuthCode', () => {
  it('§8 cloud auth codes: user-not-found gives a not-found user error', () => {
    expect(classifyAuthCode('auth/user-not-found')).toEqual({
      kind: 'USER_NOT_FOUND',
      message: 'User not found',
    });
  });

  it('§8 cloud auth codes: wrong-password gives INVALID_CREDENTIALS', () => {
    expect(classifyAuthCode('auth/wrong-password')).toEqual({
      kind: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
  });

  it('§8 cloud auth codes: too-many-requests gives RATE_LIMIT_EXCEEDED', () => {
    expect(classifyAuthCode('auth/too-many-requests').kind).toBe('RATE_LIMIT_EXCEEDED');
  });

  it('§8 cloud auth codes: network-request-failed gives NETWORK_ERROR', () => {
    expect(classifyAuthCode('auth/network-request-failed').kind).toBe('NETWORK_ERROR');
  });

  it("§8 cloud auth codes: the 'auth/' prefix is optional", () => {
    expect(classifyAuthCode('wrong-password')).toEqual(classifyAuthCode('auth/wrong-password'));
    expect(classifyAuthCode('user-not-found').kind).toBe('USER_NOT_FOUND');
  });

  it('§8 cloud auth codes: codes the spec does not map give UNKNOWN_ERROR', () => {
    expect(classifyAuthCode('auth/popup-closed-by-user')).toEqual({
      kind: 'UNKNOWN_ERROR',
      message: 'An unexpected error occurred',
    });
    expect(classifyAuthCode('constructor').kind).toBe('UNKNOWN_ERROR');
  });
});

describe('messageForKind', () => {
  it('§8 catalogue: every default message is shown with its placeholders filled', () => {
    for (const kind of ERROR_KINDS) expect(messageForKind(kind)).not.toMatch(/[{}]/);
  });

  it('§8 catalogue: given values fill the placeholders before the generic words', () => {
    expect(messageForKind('DATA_NOT_FOUND', { thing: 'Activity' })).toBe('Activity not found');
    expect(messageForKind('OPERATION_FAILED', { action: 'save' })).toBe(
      'Failed to save. Please try again',
    );
  });
});

describe('isErrorKind', () => {
  it('§8 catalogue: only the catalogue kinds are kinds', () => {
    expect(isErrorKind('TOKEN_EXPIRED')).toBe(true);
    expect(isErrorKind('token_expired')).toBe(false);
    expect(isErrorKind(undefined)).toBe(false);
  });
});

describe('classifyMessage on the spec and catalogue messages', () => {
  it.each([
    ['AUTHENTICATION_REQUIRED'],
    ['NETWORK_ERROR'],
    ['TIMEOUT_ERROR'],
    ['DATA_NOT_FOUND'],
    ['PERMISSION_DENIED'],
    ['SERVICE_UNAVAILABLE'],
    ['RATE_LIMIT_EXCEEDED'],
  ] as const)('§8 message text: the default message of %s maps back to it', (kind) => {
    expect(classifyMessage(messageForKind(kind))).toBe(kind);
  });
});
