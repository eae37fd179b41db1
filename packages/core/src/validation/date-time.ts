import { z } from 'zod';

/** Earliest instant an input may name: nothing the app records happened before the Unix epoch. */
export const EARLIEST_INPUT_INSTANT = '1970-01-01T00:00:00.000Z';
/** Latest instant an input may name; later years no longer fit ISO 8601's four digits. */
export const LATEST_INPUT_INSTANT = '9999-12-31T23:59:59.999Z';
export const DATE_OUT_OF_RANGE_MESSAGE = 'must be a time between the years 1970 and 9999';

/**
 * An ISO 8601 date-time with an offset, within a sane range (1970 to 9999), so that no later
 * calendar arithmetic meets a year JavaScript cannot print in four digits.
 */
export const ZDateTimeInput = z.iso.datetime({ offset: true }).refine((value) => {
  const time = Date.parse(value);
  return time >= Date.parse(EARLIEST_INPUT_INSTANT) && time <= Date.parse(LATEST_INPUT_INSTANT);
}, DATE_OUT_OF_RANGE_MESSAGE);
