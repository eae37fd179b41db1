import { describe, expect, it } from 'vitest';
import {
  PUSH_ERROR_CODES,
  PUSH_ERROR_MESSAGES,
  STORAGE_ERROR_CODES,
  STORAGE_ERRORS,
} from './backend-kinds.ts';

describe('storage error kinds', () => {
  it('§8 storage: every storage failure of the spec has a kind and a message', () => {
    expect(Object.keys(STORAGE_ERRORS).sort()).toEqual([...STORAGE_ERROR_CODES].sort());
    for (const code of STORAGE_ERROR_CODES) {
      expect(STORAGE_ERRORS[code].message).not.toMatch(/[{}]/);
    }
  });

  it('§8 storage: unauthenticated (401) is AUTHENTICATION_REQUIRED', () => {
    expect(STORAGE_ERRORS.unauthenticated).toEqual({
      kind: 'AUTHENTICATION_REQUIRED',
      message: 'Please log in to continue',
      status: 401,
    });
  });

  it('§8 storage: unauthorized (403) is PERMISSION_DENIED', () => {
    expect(STORAGE_ERRORS.unauthorized).toEqual({
      kind: 'PERMISSION_DENIED',
      message: "You don't have permission to access this file",
      status: 403,
    });
  });

  it('§8 storage: quota exceeded (402) is OPERATION_FAILED and says quota', () => {
    const quota = STORAGE_ERRORS['quota-exceeded'];
    expect(quota.kind).toBe('OPERATION_FAILED');
    expect(quota.status).toBe(402);
    expect(quota.message).toMatch(/quota/i);
  });

  it('§8 storage: object not found is DATA_NOT_FOUND for the file', () => {
    expect(STORAGE_ERRORS['object-not-found']).toEqual({
      kind: 'DATA_NOT_FOUND',
      message: 'File not found',
    });
  });

  it('§8 storage: an exhausted retry budget is a time-out, bad input is a validation error', () => {
    expect(STORAGE_ERRORS['retry-limit-exceeded'].kind).toBe('TIMEOUT_ERROR');
    for (const code of ['invalid-url', 'invalid-argument', 'invalid-format'] as const) {
      expect(STORAGE_ERRORS[code].kind).toBe('VALIDATION_ERROR');
    }
  });
});

describe('push error kinds', () => {
  it('§8 push: every push failure of the spec has a message', () => {
    expect(Object.keys(PUSH_ERROR_MESSAGES).sort()).toEqual([...PUSH_ERROR_CODES].sort());
    for (const code of PUSH_ERROR_CODES) expect(PUSH_ERROR_MESSAGES[code]).not.toMatch(/[{}]/);
  });

  it('§8 push: a blocked permission points to the browser settings', () => {
    expect(PUSH_ERROR_MESSAGES['permission-blocked']).toMatch(/browser settings/);
  });

  it('§8 push: an unsupported browser says so', () => {
    expect(PUSH_ERROR_MESSAGES['unsupported-browser']).toBe(
      "This browser doesn't support push notifications",
    );
  });
});
