/**
 * A family's plan by the rules (`POST /planner`), put together in one place for the server and the
 * device (issue 30: offline, the device plans by the same rules on the catalogue it holds). The
 * server adds what only it can: each day's forecast from the weather service, and the language
 * model's choice among the alternatives. The device has neither: its days are unknown days.
 */
import { DEFAULT_TIME_ZONE, dayGap, localDay } from '../achievements/calendar.ts';
import type { RecommendationChild } from '../activities/recommend.ts';
import type { TActivity } from '../activities/schema.ts';
import type { TUserActivity } from '../activities/user-activity.ts';
import type { TChildPreferences, TFamilyProfile } from '../family/schema.ts';
import { DEFAULT_UNITS } from '../family/units.ts';
import { addDays } from '../time/wall-clock.ts';
import type { TUnits } from '../weather/schema.ts';
import { planDays, type KeptItem, type PlannedDays } from './plan.ts';
import type { TDayForecast, TPlan, TPlannerRequest } from './schema.ts';
import { defaultSlots } from './slots.ts';

export const NO_CHILDREN_MESSAGE = 'Add a child to your family profile to plan their play';

/** The parts of the family profile the planner reads. */
export type PlanningProfile = {
  familyInfo: Pick<TFamilyProfile['familyInfo'], 'timezone'>;
  location: Pick<TFamilyProfile['location'], 'lat'>;
  preferences: Pick<TFamilyProfile['preferences'], 'units'> & {
    defaultFilters: Pick<
      TFamilyProfile['preferences']['defaultFilters'],
      'timeAvailable' | 'location'
    >;
  };
};

/** A child as the planner reads it: the ranking's child and when they are free. */
export type PlanningChild = RecommendationChild & {
  preferences: Pick<TChildPreferences, 'availableTimeSlots'>;
};

export interface FamilyPlanData {
  /** The catalogue, then the family's own activities. */
  activities: readonly TActivity[];
  profile: PlanningProfile | null | undefined;
  /** The children playing (`childrenToPlan`), at least one. */
  children: readonly PlanningChild[];
  records: readonly Pick<TUserActivity, 'activityId' | 'favorite' | 'tried'>[];
  /** The instant of planning, ISO 8601. */
  now: string;
}

/**
 * The children a request plans for: those it names, else every child of the family, in the
 * family's order; undefined when it names one the family does not have.
 */
export function childrenToPlan<C extends { id: string }>(
  family: readonly C[],
  childIds: readonly string[] | undefined,
): C[] | undefined {
  if (childIds === undefined) return [...family];
  const wanted = new Set(childIds);
  if ([...wanted].some((id) => !family.some((c) => c.id === id))) return undefined;
  return family.filter((c) => wanted.has(c.id));
}

export const planTimeZone = (profile: PlanningProfile | null | undefined): string =>
  profile?.familyInfo.timezone ?? DEFAULT_TIME_ZONE;

export const planUnits = (profile: PlanningProfile | null | undefined): TUnits =>
  profile?.preferences.units ?? DEFAULT_UNITS;

/**
 * The days a request plans and what a forecast must cover for them: `ahead` days from the
 * family's today to the first (negative when the plan starts before today), `forecastDays` from
 * today to the last.
 */
export function planDates(
  request: Pick<TPlannerRequest, 'startDate' | 'days'>,
  now: string,
  timeZone: string,
): { dates: string[]; ahead: number; forecastDays: number } {
  const dates = Array.from({ length: request.days }, (_, i) => addDays(request.startDate, i));
  const ahead = dayGap(localDay(now, timeZone), request.startDate);
  return { dates, ahead, forecastDays: ahead + request.days };
}

/**
 * The plan core's `planDays` makes for the family, the request and each day's forecast: the time
 * windows asked for, else the children's (`defaultSlots`); favourites and tried ones, and the
 * favourites' categories; the items to keep (an own activity deleted since is planned afresh).
 * Returns the plan as the rules made it, and what `planDays` answered (a model chooses among its
 * alternatives).
 */
export function planByRules(
  data: FamilyPlanData,
  request: TPlannerRequest,
  forecasts: readonly TDayForecast[],
): { plan: TPlan; planned: PlannedDays } {
  const { activities, profile, children, records } = data;
  const defaults = profile?.preferences.defaultFilters;
  const slots = request.slots ?? defaultSlots(children, defaults?.timeAvailable ?? 30);
  const byId = new Map(activities.map((a) => [a.id, a]));
  const keep: KeptItem[] = (request.keep ?? []).flatMap((item) => {
    const activity = byId.get(item.activityId);
    return activity ? [{ ...item, activity }] : [];
  });
  const favoriteIds = records.filter((r) => r.favorite).map((r) => r.activityId);
  const favoriteSet = new Set(favoriteIds);
  const planned = planDays({
    activities,
    children,
    startDate: request.startDate,
    days: request.days,
    slots,
    forecasts,
    timeZone: planTimeZone(profile),
    now: data.now,
    hemisphere: (profile?.location.lat ?? 0) < 0 ? 'south' : 'north',
    favoriteActivityIds: favoriteIds,
    triedActivityIds: records.filter((r) => r.tried).map((r) => r.activityId),
    favoriteCategories: activities.filter((a) => favoriteSet.has(a.id)).map((a) => a.category),
    defaultLocation: defaults?.location,
    keep,
    avoid: request.avoid,
  });
  return {
    plan: {
      startDate: request.startDate,
      childIds: children.map((c) => c.id),
      slots,
      days: planned.days,
      plannedBy: 'rules',
      model: null,
      modelFailed: false,
    },
    planned,
  };
}
