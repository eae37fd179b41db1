import {
  MAX_OWN_ACTIVITIES,
  ownActivity,
  type TActivityInput,
} from '@kkb/core/activities/activity-input';
import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import { catalogueFile, catalogueFileText } from '@kkb/core/activities/catalogue-file';
import { listActivityPage } from '@kkb/core/activities/filter';
import type { TActivityList, TActivityQuery } from '@kkb/core/activities/query';
import { ageCoverage, type TAgeCoverage } from '@kkb/core/activities/age-coverage';
import {
  recommendActivities,
  type TRecommendationQuery,
  type TRecommendationsResponse,
} from '@kkb/core/activities/recommend';
import { recentPlaySince } from '@kkb/core/activities/recent-play';
import { recommendationInput } from '@kkb/core/activities/recommendation-input';
import type { TActivity } from '@kkb/core/activities/schema';
import { DEFAULT_UNITS } from '@kkb/core/family/units';
import type { Database, Executor } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import { AppError, notFound } from '../../errors.ts';
import { completionsSince } from '../achievements/repository.ts';
import { listChildren } from '../family/repository.ts';
import { findProfile } from '../family/profile-repository.ts';
import { deleteRecordsOfActivity, listAllUserActivities } from '../user-activities/repository.ts';
import { familyWeatherPlace } from '../weather/place.ts';
import type { WeatherService } from '../weather/service.ts';
import {
  countOwnActivities,
  deleteOwnActivity,
  findActivityForUser,
  findOwnActivity,
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
  return listActivityPage(await activitiesForUser(executor, familyId), query);
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
  return ownActivity(activityId, input);
}

/**
 * `GET /activities/{id}/catalogue-file`: one of the family's own activities as a file of the
 * built-in catalogue (core's `catalogueFile`), its name and its text; 422 naming what the family
 * must still fill or change when it would not pass the catalogue's rules.
 */
export async function ownActivityCatalogueFile(
  executor: Executor,
  familyId: string,
  activityId: string,
): Promise<{ fileName: string; text: string }> {
  const own = await findOwnActivity(executor, familyId, activityId);
  if (!own) throw activityNotFound();
  const { activity, fileName, problems } = catalogueFile(own, BUILT_IN_ACTIVITIES);
  if (problems.length > 0) {
    throw new AppError(
      422,
      'VALIDATION_ERROR',
      `Before it can go in the catalogue: ${problems.join('; ')}`,
    );
  }
  return { fileName, text: catalogueFileText(activity) };
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

/** The ages the catalogue serves, worked out once (it is read once, at start-up). */
const CATALOGUE_AGES = ageCoverage(BUILT_IN_ACTIVITIES);

/** The ages the catalogue and the family's own activities serve, together. */
function agesServed(activities: readonly TActivity[]): TAgeCoverage | null {
  const own = activities.slice(BUILT_IN_ACTIVITIES.length);
  if (CATALOGUE_AGES === null) return ageCoverage(own);
  const { youngest, oldest } = CATALOGUE_AGES;
  return ageCoverage([{ ageRange: [youngest, oldest] }, ...own]);
}

/** `GET /activities/ages`: the ages the family's activities (catalogue and own) serve. */
export async function activityAges(
  executor: Executor,
  familyId: string,
): Promise<TAgeCoverage | null> {
  return agesServed(await activitiesForUser(executor, familyId));
}

/**
 * `GET /recommendations`: the core scoring (spec §9) fed, through core's `recommendationInput`
 * (the device builds its ranking's input with the same function), with the profile's defaults,
 * the children (their interests too), the family's favourites and tried activities, its
 * completions of the last day (held back) and of the last week with the children who played (the
 * balance of skills), and the current reading at home (which steers only when live, and says when
 * it is dark there).
 */
export async function recommendForUser(
  executor: Executor,
  weather: WeatherService,
  familyId: string,
  query: TRecommendationQuery,
  nowIso: string,
): Promise<TRecommendationsResponse> {
  const [profile, children, activities, records, completions] = await Promise.all([
    findProfile(executor, familyId),
    listChildren(executor, familyId),
    activitiesForUser(executor, familyId),
    listAllUserActivities(executor, familyId),
    completionsSince(executor, familyId, recentPlaySince(nowIso)),
  ]);
  if (query.childId !== undefined && !children.some((c) => c.id === query.childId)) {
    throw notFound('Child');
  }
  const units = profile?.preferences.units ?? DEFAULT_UNITS;
  const current = await weather.current(profile && familyWeatherPlace(profile.location), units);
  const result = recommendActivities(
    recommendationInput(
      {
        activities,
        ageCoverage: agesServed(activities),
        profile,
        children,
        records,
        completions,
        weather: current,
        now: nowIso,
      },
      query,
    ),
  );
  return { ...result, weather: current };
}
