import { z } from 'zod';

/**
 * A number read from a query string, as `z.coerce.number()` reads it (" 7 " is 7), except that an
 * empty value (`?limit=`) is refused instead of read as 0: the OpenAPI document says a number, and
 * an empty value is none. Leave the parameter out to leave it unset.
 */
export const queryNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);
