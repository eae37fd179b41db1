import { randomBytes } from 'node:crypto';
import { DEFAULT_TIME_ZONE, dayGap, localDay } from '@kkb/core/achievements/calendar';
import type { TActivity } from '@kkb/core/activities/schema';
import type { TPageQuery } from '@kkb/core/activities/query';
import { DEFAULT_UNITS } from '@kkb/core/family/units';
import { addDays } from '@kkb/core/time/wall-clock';
import { forecastsForDates } from '@kkb/core/planner/forecast';
import { planDays, type KeptItem } from '@kkb/core/planner/plan';
import {
  MAX_SAVED_PLANS,
  TOO_MANY_PLANS_MESSAGE,
  type TPlan,
  type TPlanDay,
  type TPlannerRequest,
  type TSavedPlan,
  type TSavedPlanInput,
  type TSavedPlanList,
} from '@kkb/core/planner/schema';
import { defaultSlots } from '@kkb/core/planner/slots';
import type { Database, Executor } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import { badRequest, notFound } from '../../errors.ts';
import { activitiesForUser } from '../activities/service.ts';
import { listChildren } from '../family/repository.ts';
import { findProfile } from '../family/profile-repository.ts';
import { listAllUserActivities } from '../user-activities/repository.ts';
import { familyWeatherPlace } from '../weather/place.ts';
import { MAX_FORECAST_DAYS, type WeatherService } from '../weather/service.ts';
import type { PlanModel } from './model-client.ts';
import {
  countPlans,
  deletePlanRow,
  findPlanRow,
  insertPlan,
  listPlanRows,
  updatePlanRow,
  type PlanRow,
} from './repository.ts';

export const NO_CHILDREN_MESSAGE = 'Add a child to your family profile to plan their play';

export interface PlannerDeps {
  weather: WeatherService;
  /** The fixed provider's days are 'fixed'; a missing real forecast is the 'fallback'. */
  weatherProvider: 'open-meteo' | 'fixed';
  model: PlanModel | undefined;
  log: { warn(object: object, message: string): void };
}

const planNotFound = () => notFound('Plan');

/**
 * `POST /planner`: the core planner (core/planner/plan.ts) fed with the family's activities,
 * children, favourites and tried ones, time slots and defaults, its time zone, and each day's
 * forecast at home. When a model is configured it may choose among each item's candidates;
 * anything wrong with its answer leaves the rules' plan.
 */
export async function makePlan(
  executor: Executor,
  deps: PlannerDeps,
  familyId: string,
  request: TPlannerRequest,
  nowIso: string,
): Promise<TPlan> {
  const [profile, allChildren, activities, records] = await Promise.all([
    findProfile(executor, familyId),
    listChildren(executor, familyId),
    activitiesForUser(executor, familyId),
    listAllUserActivities(executor, familyId),
  ]);
  const wanted = request.childIds ? new Set(request.childIds) : undefined;
  if (wanted && [...wanted].some((id) => !allChildren.some((c) => c.id === id))) {
    throw notFound('Child');
  }
  const children = wanted ? allChildren.filter((c) => wanted.has(c.id)) : allChildren;
  if (children.length === 0) throw badRequest(NO_CHILDREN_MESSAGE);

  const timeZone = profile?.familyInfo.timezone ?? DEFAULT_TIME_ZONE;
  const units = profile?.preferences.units ?? DEFAULT_UNITS;
  const defaults = profile?.preferences.defaultFilters;
  const slots = request.slots ?? defaultSlots(children, defaults?.timeAvailable ?? 30);
  const dates = Array.from({ length: request.days }, (_, i) => addDays(request.startDate, i));
  const ahead = dayGap(localDay(nowIso, timeZone), request.startDate);
  const forecastDays = ahead + request.days;
  const readings =
    ahead >= 0 && forecastDays <= MAX_FORECAST_DAYS
      ? await deps.weather.dailyForecast(
          profile && familyWeatherPlace(profile.location),
          forecastDays,
        )
      : undefined;
  const forecasts = forecastsForDates(
    dates,
    readings,
    units,
    deps.weatherProvider === 'fixed' ? 'fixed' : 'fallback',
  );

  const byId = new Map(activities.map((a) => [a.id, a]));
  const keep: KeptItem[] = (request.keep ?? []).flatMap((item) => {
    // An own activity deleted since it was planned cannot be kept; its time is planned afresh.
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
    timeZone,
    now: nowIso,
    hemisphere: (profile?.location.lat ?? 0) < 0 ? 'south' : 'north',
    favoriteActivityIds: favoriteIds,
    triedActivityIds: records.filter((r) => r.tried).map((r) => r.activityId),
    favoriteCategories: activities.filter((a) => favoriteSet.has(a.id)).map((a) => a.category),
    defaultLocation: defaults?.location,
    keep,
    avoid: request.avoid,
  });

  const base = {
    startDate: request.startDate,
    childIds: children.map((c) => c.id),
    slots,
    days: planned.days,
    plannedBy: 'rules' as const,
    model: null,
    modelFailed: false,
  };
  const { model } = deps;
  const anythingToChoose = planned.alternatives.some((day) => day.some((c) => c.length > 0));
  if (!model || !anythingToChoose) return base;
  const check = await model.choose(planned, children);
  if (!check.ok) {
    deps.log.warn({ problem: check.problem }, 'planner: the model answer was not used');
    return { ...base, modelFailed: true };
  }
  return { ...base, days: check.days, plannedBy: 'model', model: model.name };
}

/** What a row keeps as JSON: everything of the plan but its identity and title. */
type StoredPlan = Pick<TSavedPlan, 'childIds' | 'slots' | 'days' | 'plannedBy' | 'model'>;

function toSavedPlan(row: PlanRow): TSavedPlan {
  const stored = JSON.parse(row.plan) as StoredPlan;
  return {
    id: row.id,
    title: row.title,
    startDate: row.startDate,
    ...stored,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The saved days with each item's activity: as the family has it now, else as the plan being
 * changed had it (an own activity deleted since keeps its place). An activity neither knows is
 * refused.
 */
function resolveDays(
  input: TSavedPlanInput,
  activities: readonly TActivity[],
  previous: readonly TPlanDay[],
): TPlanDay[] {
  const current = new Map(activities.map((a) => [a.id, a]));
  const before = new Map(previous.flatMap((d) => d.items.map((i) => [i.activity.id, i.activity])));
  return input.days.map((day) => ({
    date: day.date,
    forecast: day.forecast,
    slots: day.slots,
    items: day.items.map((item) => {
      const activity = current.get(item.activityId) ?? before.get(item.activityId);
      if (!activity) throw badRequest(`Activity ${item.activityId} was not found`);
      return {
        start: item.start,
        minutes: activity.duration,
        activity,
        childIds: item.childIds,
        why: item.why,
        locked: item.locked,
      };
    }),
  }));
}

function rowFields(input: TSavedPlanInput, days: TPlanDay[]) {
  const stored: StoredPlan = {
    childIds: input.childIds,
    slots: input.slots,
    days,
    plannedBy: input.plannedBy,
    model: input.model,
  };
  return {
    title: input.title,
    startDate: input.startDate,
    dayCount: days.length,
    itemCount: days.reduce((sum, day) => sum + day.items.length, 0),
    plan: JSON.stringify(stored),
  };
}

export async function listPlans(
  executor: Executor,
  familyId: string,
  { skip, limit }: TPageQuery,
): Promise<TSavedPlanList> {
  const [rows, total] = await Promise.all([
    listPlanRows(executor, familyId, skip, limit),
    countPlans(executor, familyId),
  ]);
  return { plans: rows, total, skip, limit };
}

export async function getPlan(
  executor: Executor,
  familyId: string,
  id: string,
): Promise<TSavedPlan> {
  const row = await findPlanRow(executor, familyId, id);
  if (!row) throw planNotFound();
  return toSavedPlan(row);
}

export async function createPlan(
  database: Database,
  member: FamilyMember,
  input: TSavedPlanInput,
  nowIso: string,
): Promise<TSavedPlan> {
  const { familyId } = member;
  const days = resolveDays(input, await activitiesForUser(database.db, familyId), []);
  const row: PlanRow = {
    id: randomBytes(16).toString('hex'),
    familyId,
    ...rowFields(input, days),
    createdAt: nowIso,
    updatedAt: nowIso,
  };
  await inFamilyTransaction(database, member, async (trx) => {
    if ((await countPlans(trx, familyId)) >= MAX_SAVED_PLANS) {
      throw badRequest(TOO_MANY_PLANS_MESSAGE);
    }
    await insertPlan(trx, row);
  });
  return toSavedPlan(row);
}

export async function updatePlan(
  database: Database,
  member: FamilyMember,
  id: string,
  input: TSavedPlanInput,
  nowIso: string,
): Promise<TSavedPlan> {
  const { familyId } = member;
  return inFamilyTransaction(database, member, async (trx) => {
    const current = await findPlanRow(trx, familyId, id);
    if (!current) throw planNotFound();
    const days = resolveDays(
      input,
      await activitiesForUser(trx, familyId),
      toSavedPlan(current).days,
    );
    const row = { id, familyId, ...rowFields(input, days), updatedAt: nowIso };
    if (!(await updatePlanRow(trx, row))) throw planNotFound();
    return toSavedPlan({ ...row, createdAt: current.createdAt });
  });
}

export async function deletePlan(executor: Executor, familyId: string, id: string): Promise<void> {
  if (!(await deletePlanRow(executor, familyId, id))) throw planNotFound();
}
