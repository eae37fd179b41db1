import { MAX_OWN_ACTIVITIES, type TActivityInput } from '@kkb/core/activities/activity-input';
import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import { filterActivities, paginate } from '@kkb/core/activities/filter';
import type { TActivityList, TActivityQuery } from '@kkb/core/activities/query';
import {
  recommendActivities,
  type TRecommendationQuery,
  type TRecommendationsResponse,
} from '@kkb/core/activities/recommend';
import type { TActivity } from '@kkb/core/activities/schema';
import { DEFAULT_TIME_ZONE } from '@kkb/core/achievements/calendar';
import { DEFAULT_UNITS } from '@kkb/core/family/units';
import { daylightAt } from '@kkb/core/weather/daylight';
import type { Database, Executor } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import { AppError, notFound } from '../../errors.ts';
import { listChildren } from '../family/repository.ts';
import { findProfile } from '../family/profile-repository.ts';
import { deleteRecordsOfActivity, listAllUserActivities } from '../user-activities/repository.ts';
import { familyWeatherPlace } from '../weather/place.ts';
import type { WeatherService } from '../weather/service.ts';
import {
  countOwnActivities,
  deleteOwnActivity,
  findActivityForUser,
  insertOwnActivity,
  isBuiltInActivityId,
  listOwnActivities,
  updateOwnActivity,
} from './repository.ts';

export const activityNotFound = () => notFound('Activity');

const builtInForbidden = () =>
  new AppError(403, 'PERMISSION_DENIED', "You don't have permission to change a built-in activity");

/** The catalogue followed by the family's own activities. */
export async function activitiesForUser(
  executor: Executor,
  familyId: string,
): Promise<TActivity[]> {
  const own = await listOwnActivities(executor, familyId);
  return own.length === 0 ? [...BUILT_IN_ACTIVITIES] : [...BUILT_IN_ACTIVITIES, ...own];
}

export async function listActivities(
  executor: Executor,
  familyId: string,
  query: TActivityQuery,
): Promise<TActivityList> {
  const { skip, limit, ...filters } = query;
  const page = paginate(
    filterActivities(await activitiesForUser(executor, familyId), filters),
    skip,
    limit,
  );
  return { activities: page.items, total: page.total, skip, limit };
}

export async function getActivity(
  executor: Executor,
  familyId: string,
  activityId: string,
): Promise<TActivity> {
  const activity = await findActivityForUser(executor, familyId, activityId);
  if (!activity) throw activityNotFound();
  return activity;
}

export async function createOwnActivity(
  database: Database,
  member: FamilyMember,
  input: TActivityInput,
  nowIso: string,
): Promise<TActivity> {
  const { familyId } = member;
  return inFamilyTransaction(database, member, async (trx) => {
    if ((await countOwnActivities(trx, familyId)) >= MAX_OWN_ACTIVITIES) {
      throw new AppError(
        400,
        'VALIDATION_ERROR',
        `A family can keep at most ${MAX_OWN_ACTIVITIES} own activities`,
      );
    }
    return insertOwnActivity(trx, familyId, input, nowIso);
  });
}

export async function replaceOwnActivity(
  executor: Executor,
  familyId: string,
  activityId: string,
  input: TActivityInput,
  nowIso: string,
): Promise<TActivity> {
  if (isBuiltInActivityId(activityId)) throw builtInForbidden();
  if (!(await updateOwnActivity(executor, familyId, activityId, input, nowIso)))
    throw activityNotFound();
  return { ...input, id: activityId };
}

/** Deletes an own activity and the family's records of it. */
export async function removeOwnActivity(
  database: Database,
  member: FamilyMember,
  activityId: string,
): Promise<void> {
  if (isBuiltInActivityId(activityId)) throw builtInForbidden();
  const { familyId } = member;
  await inFamilyTransaction(database, member, async (trx) => {
    if (!(await deleteOwnActivity(trx, familyId, activityId))) throw activityNotFound();
    await deleteRecordsOfActivity(trx, familyId, activityId);
  });
}

/**
 * `GET /recommendations`: the core scoring (spec §9) fed with the profile's defaults, the
 * children, the family's favourites and tried activities, the current weather at home, and
 * whether it is dark or evening there (the weather's sunrise and sunset, the family's clock).
 */
export async function recommendForUser(
  executor: Executor,
  weather: WeatherService,
  familyId: string,
  query: TRecommendationQuery,
  nowIso: string,
): Promise<TRecommendationsResponse> {
  const [profile, children, activities, records] = await Promise.all([
    findProfile(executor, familyId),
    listChildren(executor, familyId),
    activitiesForUser(executor, familyId),
    listAllUserActivities(executor, familyId),
  ]);
  if (query.childId !== undefined && !children.some((c) => c.id === query.childId)) {
    throw notFound('Child');
  }
  const units = profile?.preferences.units ?? DEFAULT_UNITS;
  const current = await weather.current(profile && familyWeatherPlace(profile.location), units);
  const favoriteIds = records.filter((r) => r.favorite).map((r) => r.activityId);
  const favoriteSet = new Set(favoriteIds);
  const favoriteCategories = activities.filter((a) => favoriteSet.has(a.id)).map((a) => a.category);
  const result = recommendActivities({
    activities,
    children,
    childId: query.childId ?? null,
    timeAvailable: query.timeAvailable,
    location: query.location,
    energyLevel: query.energyLevel,
    weather: query.weather ?? current.condition,
    favoriteActivityIds: favoriteIds,
    triedActivityIds: records.filter((r) => r.tried).map((r) => r.activityId),
    favoriteCategories,
    defaultTimeAvailable: profile?.preferences.defaultFilters.timeAvailable,
    defaultLocation: profile?.preferences.defaultFilters.location,
    daylight: daylightAt({
      now: nowIso,
      timeZone: profile?.familyInfo.timezone ?? DEFAULT_TIME_ZONE,
      sunrise: current.sunrise,
      sunset: current.sunset,
    }),
  });
  return { ...result, weather: current };
}
