import { z } from 'zod';

/** The spellings of a yes/no query value: 'true' or '1' is yes, 'false' or '0' is no. */
export const QUERY_FLAG_VALUES = ['true', 'false', '1', '0'] as const;

/** A yes/no read from a query string (QUERY_FLAG_VALUES), or given as a boolean. */
export const ZQueryFlag = z
  .enum(QUERY_FLAG_VALUES)
  .transform((v) => v === 'true' || v === '1')
  .or(z.boolean());
