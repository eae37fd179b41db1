import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryNumber } from './query-number.ts';

describe('a number in a query string (issue 28)', () => {
  const ZLimit = queryNumber(z.coerce.number().int().min(0)).default(5);

  it('reads digits as a number and a missing value as the default', () => {
    expect(ZLimit.parse('7')).toBe(7);
    expect(ZLimit.parse(' 7 ')).toBe(7);
    expect(ZLimit.parse(undefined)).toBe(5);
  });

  it('refuses an empty value, which the document (an integer) does not allow, instead of reading 0', () => {
    expect(ZLimit.safeParse('').success).toBe(false);
  });

  it('is documented as the number it reads', () => {
    expect(z.toJSONSchema(ZLimit, { io: 'input', target: 'openapi-3.0' })).toMatchObject({
      type: 'integer',
      minimum: 0,
    });
  });
});
