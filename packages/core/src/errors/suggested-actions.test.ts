import { describe, expect, it } from 'vitest';
import { ERROR_KINDS } from './catalogue.ts';
import { SUGGESTED_ACTIONS, suggestedActions } from './suggested-actions.ts';

describe('suggestedActions', () => {
  it('§8 suggested actions: authentication and an expired session say to log in', () => {
    expect(suggestedActions('AUTHENTICATION_REQUIRED')).toEqual(['Please log in']);
    expect(suggestedActions('TOKEN_EXPIRED')).toEqual(['Please log in']);
  });

  it('§8 suggested actions: wrong credentials say to check e-mail and password and retry', () => {
    expect(suggestedActions('INVALID_CREDENTIALS')).toEqual([
      'Check your email and password and try again',
    ]);
  });

  it('§8 suggested actions: network and time-out say to check the connection and retry shortly', () => {
    const checkConnection = 'Check your internet connection and try again in a moment';
    expect(suggestedActions('NETWORK_ERROR')).toEqual([checkConnection]);
    expect(suggestedActions('TIMEOUT_ERROR')).toEqual([checkConnection]);
  });

  it('§8 suggested actions: offline adds that some features may work offline', () => {
    expect(suggestedActions('OFFLINE_ERROR')).toEqual([
      'Check your internet connection and try again in a moment',
      'Some features may work offline',
    ]);
  });

  it('§8 suggested actions: rate limit says to wait a moment', () => {
    expect(suggestedActions('RATE_LIMIT_EXCEEDED')).toEqual(['Wait a moment before trying again']);
  });

  it('§8 suggested actions: validation says to check the input', () => {
    expect(suggestedActions('VALIDATION_ERROR')).toEqual(['Check your input']);
  });

  it('§8 suggested actions: otherwise try again and contact support', () => {
    for (const kind of [
      'DATA_NOT_FOUND',
      'PERMISSION_DENIED',
      'SERVICE_UNAVAILABLE',
      'UNKNOWN_ERROR',
      'OPERATION_FAILED',
    ] as const) {
      expect(suggestedActions(kind)).toEqual([
        'Try again, and contact support if the problem continues',
      ]);
    }
  });

  it('§8 suggested actions: every kind has at least one, and every listed action is used', () => {
    const used = new Set(ERROR_KINDS.flatMap((kind) => suggestedActions(kind)));
    for (const kind of ERROR_KINDS) expect(suggestedActions(kind).length).toBeGreaterThan(0);
    expect([...used].sort()).toEqual(Object.values(SUGGESTED_ACTIONS).sort());
  });
});
