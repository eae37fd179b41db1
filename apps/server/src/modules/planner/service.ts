import { randomBytes } from 'node:crypto';
import { withPracticalDefaults, type PracticalFields } from '@kkb/core/activities/practical-fields';
import type { TActivity } from '@kkb/core/activities/schema';
import type { TPageQuery } from '@kkb/core/activities/query';
import {
  childrenToPlan,
  NO_CHILDREN_MESSAGE,
  planByRules,
  planDates,
  planTimeZone,
  planUnits,
} from '@kkb/core/planner/family-plan';
import { forecastsForDates } from '@kkb/core/planner/forecast';
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
import type { Database, Executor } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import { badRequest, notFound } from '../../errors.ts';
import { findBuiltInActivity } from '../activities/repository.ts';
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

export interface PlannerDeps {
  weather: WeatherService;
  /** The fixed provider's days are 'fixed'; a missing real forecast is the 'fallback'. */
  weatherProvider: 'open-meteo' | 'fixed';
  model: PlanModel | undefined;
  log: { warn(object: object, message: string): void };
}

const planNotFound = () => notFound('Plan');

/**
 * `POST /planner`: core's plan by the rules (planner/family-plan.ts, which the device uses
 * offline too) fed with the family's activities, children, favourites and tried ones, time slots
 * and defaults, its time zone, and each day's forecast at home. When a model is configured it may
 * choose among each item's candidates; anything wrong with its answer leaves the rules' plan.
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
  const children = childrenToPlan(allChildren, request.childIds);
  if (children === undefined) throw notFound('Child');
  if (children.length === 0) throw badRequest(NO_CHILDREN_MESSAGE);

  const { dates, ahead, forecastDays } = planDates(request, nowIso, planTimeZone(profile));
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
    planUnits(profile),
    deps.weatherProvider === 'fixed' ? 'fixed' : 'fallback',
  );
  const { plan: base, planned } = planByRules(
    { activities, profile, children, records, now: nowIso },
    request,
    forecasts,
  );

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

/** An activity as a plan kept it: one saved before issue 35 lacks the practical fields. */
type StoredActivity = Omit<TActivity, keyof PracticalFields> & Partial<PracticalFields>;

/**
 * A kept activity with every practical field: those it lacks come from the catalogue's activity
 * of the same id, else (an own activity) from the defaults.
 */
function withPracticalFields(stored: StoredActivity): TActivity {
  const builtIn = findBuiltInActivity(stored.id);
  if (builtIn === undefined) return withPracticalDefaults(stored);
  const { prepMinutes, mess, skills, settings } = builtIn;
  return {
    ...stored,
    prepMinutes: stored.prepMinutes ?? prepMinutes,
    mess: stored.mess ?? mess,
    skills: stored.skills ?? skills,
    settings: stored.settings ?? settings,
  };
}

function toSavedPlan(row: PlanRow): TSavedPlan {
  const stored = JSON.parse(row.plan) as StoredPlan;
  return {
    id: row.id,
    title: row.title,
    startDate: row.startDate,
    ...stored,
    days: stored.days.map((day) => ({
      ...day,
      items: day.items.map((item) => ({ ...item, activity: withPracticalFields(item.activity) })),
    })),
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
