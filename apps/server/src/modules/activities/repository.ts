import { randomBytes } from 'node:crypto';
import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import { FALLBACK_ACTIVITIES } from '@kkb/core/activities/fallback';
import { ownActivity, type TActivityInput } from '@kkb/core/activities/activity-input';
import { OWN_ACTIVITY_ID_PREFIX } from '@kkb/core/activities/own-activity-id';
import type { TActivity, TSkill } from '@kkb/core/activities/schema';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { CustomActivitiesTable } from './tables.ts';

/**
 * Built-in activities by id. The fallback set is included so that an activity the web app showed
 * from it (when the catalogue failed to load) can still be opened, favourited and completed.
 */
const BUILT_IN_BY_ID: ReadonlyMap<string, TActivity> = new Map(
  [...BUILT_IN_ACTIVITIES, ...FALLBACK_ACTIVITIES].map((a) => [a.id, a]),
);

export function findBuiltInActivity(activityId: string): TActivity | undefined {
  return BUILT_IN_BY_ID.get(activityId);
}

export function isBuiltInActivityId(activityId: string): boolean {
  return BUILT_IN_BY_ID.has(activityId);
}

export function newOwnActivityId(): string {
  return `${OWN_ACTIVITY_ID_PREFIX}${randomBytes(12).toString('base64url')}`;
}

function toActivity(row: Selectable<CustomActivitiesTable>): TActivity {
  return ownActivity(row.id, JSON.parse(row.data) as TActivityInput);
}

const ownOfFamily = preparedQuery(1, (executor, familyId: string) =>
  executor
    .selectFrom('customActivities')
    .selectAll()
    .where('familyId', '=', familyId)
    .orderBy('createdAt')
    .orderBy('id'),
);

/** The family's own activities, oldest first (they follow the catalogue in lists). */
export async function listOwnActivities(
  executor: Executor,
  familyId: string,
): Promise<TActivity[]> {
  return (await ownOfFamily.all(executor, familyId)).map(toActivity);
}

/**
 * The skills the family chose for each of its own activities, by id; null for one that leaves
 * them out (it is read with a guess, `practicalDefaults`, which the stats do not count as known).
 */
export async function ownActivitySkills(
  executor: Executor,
  familyId: string,
): Promise<Map<string, readonly TSkill[] | null>> {
  const rows = await ownOfFamily.all(executor, familyId);
  return new Map(
    rows.map((row) => [row.id, (JSON.parse(row.data) as TActivityInput).skills ?? null]),
  );
}

export async function countOwnActivities(executor: Executor, familyId: string): Promise<number> {
  const row = await executor
    .selectFrom('customActivities')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('familyId', '=', familyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findOwnActivity(
  executor: Executor,
  familyId: string,
  activityId: string,
): Promise<TActivity | undefined> {
  const row = await executor
    .selectFrom('customActivities')
    .selectAll()
    .where('familyId', '=', familyId)
    .where('id', '=', activityId)
    .executeTakeFirst();
  return row && toActivity(row);
}

/**
 * The activity `activityId` as `familyId` may see it: built-in, or one of their own; undefined for
 * unknown ids and for another family's own activities.
 */
export async function findActivityForUser(
  executor: Executor,
  familyId: string,
  activityId: string,
): Promise<TActivity | undefined> {
  return findBuiltInActivity(activityId) ?? findOwnActivity(executor, familyId, activityId);
}

export async function insertOwnActivity(
  executor: Executor,
  familyId: string,
  input: TActivityInput,
  nowIso: string,
): Promise<TActivity> {
  const id = newOwnActivityId();
  await executor
    .insertInto('customActivities')
    .values({ id, familyId, data: JSON.stringify(input), createdAt: nowIso, updatedAt: nowIso })
    .execute();
  return ownActivity(id, input);
}

/** Replaces an own activity's fields; false when the family has no such activity. */
export async function updateOwnActivity(
  executor: Executor,
  familyId: string,
  activityId: string,
  input: TActivityInput,
  nowIso: string,
): Promise<boolean> {
  const result = await executor
    .updateTable('customActivities')
    .set({ data: JSON.stringify(input), updatedAt: nowIso })
    .where('familyId', '=', familyId)
    .where('id', '=', activityId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** False when the family has no such activity. */
export async function deleteOwnActivity(
  executor: Executor,
  familyId: string,
  activityId: string,
): Promise<boolean> {
  const result = await executor
    .deleteFrom('customActivities')
    .where('familyId', '=', familyId)
    .where('id', '=', activityId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
