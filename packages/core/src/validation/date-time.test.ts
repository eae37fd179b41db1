import { describe, expect, it } from 'vitest';
import { ZDateTimeInput } from './date-time.ts';

describe('date-time input range (issue 8: no absurd dates)', () => {
  it('accepts times from 1970 to 9999, with or without an offset', () => {
    for (const value of [
      '1970-01-01T00:00:00Z',
      '2024-05-01T10:00:00+02:00',
      '9999-12-31T23:59:59.999Z',
    ]) {
      expect(ZDateTimeInput.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses years before 1970 (0999 included) and after 9999', () => {
    for (const value of ['0999-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '1969-12-31T23:59:59Z']) {
      expect(ZDateTimeInput.safeParse(value).success, value).toBe(false);
    }
    expect(ZDateTimeInput.safeParse('9999-12-31T23:59:59-01:00').success).toBe(false);
  });
});
