import { describe, expect, it } from 'vitest';
import { formatIdempotencyKey, parseIdempotencyKey } from './idempotency-key.ts';

const UUID = '8e03978e-40d5-43e8-bc93-6894a57f9324';

describe('Idempotency-Key (IETF httpapi draft)', () => {
  it('is a structured-field string; the same key without quotes is read too', () => {
    expect(formatIdempotencyKey(UUID)).toBe(`"${UUID}"`);
    expect(parseIdempotencyKey(`"${UUID}"`)).toBe(UUID);
    expect(parseIdempotencyKey(` ${UUID} `)).toBe(UUID);
  });

  it('refuses an empty key, one too long, and characters a string cannot hold', () => {
    for (const value of ['', '""', ' ', 'x'.repeat(256), 'two words', 'a"b', 'a\\b', 'é']) {
      expect(parseIdempotencyKey(value), value).toBeUndefined();
    }
    expect(parseIdempotencyKey('x'.repeat(255))).toHaveLength(255);
  });
});
