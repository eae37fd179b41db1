import { z } from 'zod';

/** Earliest instant an input may name: nothing the app records happened before the Unix epoch. */
export const EARLIEST_INPUT_INSTANT = '1970-01-01T00:00:00.000Z';
/** Latest instant an input may name; later years no longer fit ISO 8601's four digits. */
export const LATEST_INPUT_INSTANT = '9999-12-31T23:59:59.999Z';
export const DATE_OUT_OF_RANGE_MESSAGE = 'must be a time between the years 1970 and 9999';
export const CALENDAR_DAY_MESSAGE = 'must be a real calendar day as YYYY-MM-DD';
export const DAY_OUT_OF_RANGE_MESSAGE = 'must be a day between the years 1970 and 9999';

/*
 * Every date-shaped input goes through one of the two schemas below. Their issues abort
 * (`abort: true`): zod runs the refinements of an enclosing object even when a field has failed,
 * unless that failure aborts, and such a refinement may compute with the date (the saved plan's
 * "days follow each other" does), which threw on an impossible one (issue 28).
 */

/**
 * A calendar day, `YYYY-MM-DD`, that exists (no 31 April, 29 February only in leap years), in
 * the years 1970 to 9999.
 */
export const ZCalendarDay = z.iso
  .date({ error: CALENDAR_DAY_MESSAGE, abort: true })
  .refine((day) => day >= '1970-01-01', { error: DAY_OUT_OF_RANGE_MESSAGE, abort: true });
export type TCalendarDay = z.infer<typeof ZCalendarDay>;

/**
 * An ISO 8601 date-time with an offset, of a real calendar day, within a sane range (1970 to
 * 9999), so that no later calendar arithmetic meets a year JavaScript cannot print in four digits.
 */
export const ZDateTimeInput = z.iso
  .datetime({ offset: true, abort: true })
  // The years as a pattern, so the OpenAPI document states the range; the refine holds its ends.
  .regex(/^(?:19[7-9]\d|[2-9]\d{3})-/, { error: DATE_OUT_OF_RANGE_MESSAGE, abort: true })
  .refine(
    (value) => {
      const time = Date.parse(value);
      return time >= Date.parse(EARLIEST_INPUT_INSTANT) && time <= Date.parse(LATEST_INPUT_INSTANT);
    },
    { error: DATE_OUT_OF_RANGE_MESSAGE, abort: true },
  );
