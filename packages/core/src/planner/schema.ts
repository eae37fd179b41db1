import { z } from 'zod';
import { ZActivity, ZWeatherCondition } from '../activities/schema.ts';
import { ZUnits } from '../family/schema.ts';
import { ZWeatherSource } from '../weather/schema.ts';
import { addDays } from '../time/wall-clock.ts';
import { ZCalendarDay, ZDateTimeInput } from '../validation/date-time.ts';

/** A plan covers 1 to 7 days (DESIGN, Planner). */
export const MAX_PLAN_DAYS = 7;
/** Time windows a day may have; more would not fit a parent's day anyway. */
export const MAX_PLAN_SLOTS = 6;
/** The shortest window or gap worth filling: the catalogue's quickest activities take 5 minutes. */
export const MIN_SLOT_MINUTES = 5;
export const MAX_SLOT_MINUTES = 480;
/** Items a plan may carry (kept ones included): 7 days of full windows stay well below this. */
export const MAX_PLAN_ITEMS = 100;
/** Activities a request may ask to avoid (swapped-out and re-planned ones). */
export const MAX_AVOIDED = 400;
export const WHY_MAX_LENGTH = 300;
export const PLAN_TITLE_MAX_LENGTH = 80;
/** Saved plans a family keeps at most; older ones are deleted by the family, not by us. */
export const MAX_SAVED_PLANS = 200;
export const TOO_MANY_PLANS_MESSAGE = `A family can keep at most ${MAX_SAVED_PLANS} saved plans`;

/** A wall-clock time in the family's time zone, `HH:MM` (24 hours). */
export const ZClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM (00:00 to 23:59)');
export type TClockTime = z.infer<typeof ZClockTime>;

/** Which days a window applies to: every day, Monday to Friday, or Saturday and Sunday. */
export const ZSlotDays = z.enum(['every-day', 'weekdays', 'weekends']);
export type TSlotDays = z.infer<typeof ZSlotDays>;

const ZSlotMinutes = z.number().int().min(MIN_SLOT_MINUTES).max(MAX_SLOT_MINUTES);

/**
 * Time the children have: a window starting at `start` for `minutes`, on the days `on` says. A
 * window may not run past midnight (the plan is by calendar day).
 */
export const ZPlanSlot = z
  .strictObject({
    start: ZClockTime,
    minutes: ZSlotMinutes,
    on: ZSlotDays.default('every-day'),
  })
  .refine((slot) => clockMinutes(slot.start) + slot.minutes <= 24 * 60, {
    message: 'a time window must end by midnight',
    path: ['minutes'],
  });
export type TPlanSlot = z.infer<typeof ZPlanSlot>;
export type TPlanSlotInput = z.input<typeof ZPlanSlot>;

/** A window of one planned day (the `on` rule already applied, today's past part cut off). */
export const ZDaySlot = z.object({ start: ZClockTime, minutes: ZSlotMinutes });
export type TDaySlot = z.infer<typeof ZDaySlot>;

const ZActivityId = z.string().max(80).trim().min(1);
const ZChildId = z.string().max(80).trim().min(1);
const ZWhy = z.string().max(WHY_MAX_LENGTH).trim().min(1);

/**
 * An item the parent keeps as it is when planning again (a locked one, or every other one when
 * swapping one), and an item of a saved plan: the activity by id, its time and its children.
 */
export const ZPlanItemInput = z.strictObject({
  date: ZCalendarDay,
  start: ZClockTime,
  activityId: ZActivityId,
  childIds: z.array(ZChildId).min(1).max(12),
  why: ZWhy,
  locked: z.boolean().default(false),
});
export type TPlanItemInput = z.infer<typeof ZPlanItemInput>;
export type TPlanItemInputFields = z.input<typeof ZPlanItemInput>;

/**
 * `POST /planner`: plan `days` days from `startDate` for the children `childIds` (all of them
 * when left out) in the windows `slots` (from the children's time slots and the family's default
 * time when left out). `keep` items stay where they are; `avoid` activities are not planned
 * (what a swap or a re-plan moves away from).
 */
export const ZPlannerRequest = z.strictObject({
  startDate: ZCalendarDay,
  days: z.number().int().min(1).max(MAX_PLAN_DAYS),
  childIds: z.array(ZChildId).min(1).max(12).optional(),
  slots: z.array(ZPlanSlot).min(1).max(MAX_PLAN_SLOTS).optional(),
  keep: z.array(ZPlanItemInput).max(MAX_PLAN_ITEMS).optional(),
  avoid: z.array(ZActivityId).max(MAX_AVOIDED).optional(),
});
export type TPlannerRequest = z.infer<typeof ZPlannerRequest>;
export type TPlannerRequestInput = z.input<typeof ZPlannerRequest>;

/**
 * One day's forecast (Open-Meteo daily): the condition and words for its weather code, the
 * highest and lowest temperature in the family's units, the chance of rain (percent), sunrise
 * and sunset (ISO instants). A day without a live forecast (`source` 'fixed' or 'fallback': live
 * weather is off, failed, or does not reach that far) is unknown: "Forecast unknown", its
 * condition and temperatures null. (Plans saved before kept §8's "Clear, 22 degrees" there; their
 * `source` marks them unknown just the same.)
 */
export const ZDayForecast = z.object({
  date: ZCalendarDay,
  condition: ZWeatherCondition.nullable(),
  description: z.string().max(100),
  weatherCode: z.number().int().min(0).max(99).nullable(),
  temperatureMax: z.number().min(-150).max(200).nullable(),
  temperatureMin: z.number().min(-150).max(200).nullable(),
  precipitationProbability: z.number().min(0).max(100).nullable(),
  sunrise: ZDateTimeInput.nullable(),
  sunset: ZDateTimeInput.nullable(),
  units: ZUnits,
  source: ZWeatherSource,
});
export type TDayForecast = z.infer<typeof ZDayForecast>;

/** One planned activity: when (local `HH:MM`), how long, what, for whom, and why. */
export const ZPlanItem = z.object({
  start: ZClockTime,
  minutes: z.number().int().min(1),
  activity: ZActivity,
  childIds: z.array(z.string()),
  why: z.string(),
  /** The parent locked it: planning again keeps it. */
  locked: z.boolean(),
});
export type TPlanItem = z.infer<typeof ZPlanItem>;

export const ZPlanDay = z.object({
  date: ZCalendarDay,
  forecast: ZDayForecast,
  slots: z.array(ZDaySlot),
  items: z.array(ZPlanItem),
});
export type TPlanDay = z.infer<typeof ZPlanDay>;

/** Who chose the activities: core's rules, or a language model within them (DESIGN, Planner). */
export const ZPlannedBy = z.enum(['rules', 'model']);
export type TPlannedBy = z.infer<typeof ZPlannedBy>;

/** `POST /planner` answer. */
export const ZPlan = z.object({
  startDate: ZCalendarDay,
  childIds: z.array(z.string()),
  slots: z.array(z.object({ start: ZClockTime, minutes: ZSlotMinutes, on: ZSlotDays })),
  days: z.array(ZPlanDay),
  plannedBy: ZPlannedBy,
  /** The model's name when it planned; null for the rules. */
  model: z.string().nullable(),
  /** A model was asked but its answer could not be used, so the rules planned. */
  modelFailed: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;

/** A day of a plan as it is saved: its forecast and windows as planned, its items by id. */
export const ZSavedPlanDayInput = z.strictObject({
  date: ZCalendarDay,
  forecast: ZDayForecast.strict(),
  slots: z.array(ZDaySlot.strict()).max(MAX_PLAN_SLOTS),
  items: z.array(ZPlanItemInput.omit({ date: true })).max(MAX_PLAN_ITEMS),
});
export type TSavedPlanDayInput = z.infer<typeof ZSavedPlanDayInput>;

/** `POST /planner/plans` and `PUT /planner/plans/{id}`. */
export const ZSavedPlanInput = z
  .strictObject({
    title: z.string().max(PLAN_TITLE_MAX_LENGTH).trim().min(1, 'Title is required'),
    startDate: ZCalendarDay,
    childIds: z.array(ZChildId).max(12),
    slots: z.array(ZPlanSlot).min(1).max(MAX_PLAN_SLOTS),
    days: z.array(ZSavedPlanDayInput).min(1).max(MAX_PLAN_DAYS),
    plannedBy: ZPlannedBy,
    model: z.string().max(200).trim().min(1).nullable(),
  })
  .refine((plan) => plan.days.reduce((sum, day) => sum + day.items.length, 0) <= MAX_PLAN_ITEMS, {
    message: `A plan holds at most ${MAX_PLAN_ITEMS} activities`,
    path: ['days'],
  })
  .refine((plan) => plan.days.every((day, i) => day.date === addDays(plan.startDate, i)), {
    message: 'days must follow each other from startDate',
    path: ['days'],
  });
export type TSavedPlanInput = z.infer<typeof ZSavedPlanInput>;
export type TSavedPlanInputFields = z.input<typeof ZSavedPlanInput>;

/** A saved plan: the plan as it was saved, its activities as they were then. */
export const ZSavedPlan = ZPlan.omit({ modelFailed: true }).extend({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSavedPlan = z.infer<typeof ZSavedPlan>;

export const ZSavedPlanSummary = z.object({
  id: z.string(),
  title: z.string(),
  startDate: ZCalendarDay,
  dayCount: z.number().int(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSavedPlanSummary = z.infer<typeof ZSavedPlanSummary>;

/** `GET /planner/plans`: most recently changed first. */
export const ZSavedPlanList = z.object({
  plans: z.array(ZSavedPlanSummary),
  total: z.number().int().min(0),
  skip: z.number().int().min(0),
  limit: z.number().int().min(1),
});
export type TSavedPlanList = z.infer<typeof ZSavedPlanList>;

/** Minutes since midnight of an `HH:MM` time. */
export function clockMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** `HH:MM` of minutes since midnight (0 to 1439). */
export function clockTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
