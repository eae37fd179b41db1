import type { ChildFields } from '@kkb/core/family/profile';
import type { TChild, TChildPreferences } from '@kkb/core/family/schema';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { ChildrenTable } from './tables.ts';

function toChild(row: Selectable<ChildrenTable>): TChild {
  return {
    id: row.id,
    name: row.name,
    age: row.age,
    interests: JSON.parse(row.interests) as string[],
    avatar: row.avatar,
    ageRange: [row.ageRangeMin, row.ageRangeMax],
    preferences: JSON.parse(row.preferences) as TChildPreferences,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toColumns(fields: ChildFields) {
  return {
    name: fields.name,
    age: fields.age,
    interests: JSON.stringify(fields.interests),
    avatar: fields.avatar,
    ageRangeMin: fields.ageRange[0],
    ageRangeMax: fields.ageRange[1],
    preferences: JSON.stringify(fields.preferences),
  };
}

const childrenOfFamily = preparedQuery(1, (executor, familyId: string) =>
  executor.selectFrom('children').selectAll().where('familyId', '=', familyId).orderBy('position'),
);

/** The family's children in creation order. */
export async function listChildren(executor: Executor, familyId: string): Promise<TChild[]> {
  return (await childrenOfFamily.all(executor, familyId)).map(toChild);
}

export async function countChildren(executor: Executor, familyId: string): Promise<number> {
  const row = await executor
    .selectFrom('children')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('familyId', '=', familyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findChildById(
  executor: Executor,
  familyId: string,
  childId: string,
): Promise<TChild | undefined> {
  const row = await executor
    .selectFrom('children')
    .selectAll()
    .where('familyId', '=', familyId)
    .where('id', '=', childId)
    .executeTakeFirst();
  return row && toChild(row);
}

/** The n-th child (0-based) in creation order. */
export async function findChildAtIndex(
  executor: Executor,
  familyId: string,
  index: number,
): Promise<TChild | undefined> {
  const row = await executor
    .selectFrom('children')
    .selectAll()
    .where('familyId', '=', familyId)
    .orderBy('position')
    .limit(1)
    .offset(index)
    .executeTakeFirst();
  return row && toChild(row);
}

export async function insertChild(
  executor: Executor,
  familyId: string,
  child: { id: string; fields: ChildFields; nowIso: string },
): Promise<TChild> {
  const last = await executor
    .selectFrom('children')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('familyId', '=', familyId)
    .executeTakeFirst();
  const position = last?.position == null ? 0 : Number(last.position) + 1;
  const row = await executor
    .insertInto('children')
    .values({
      id: child.id,
      familyId,
      position,
      ...toColumns(child.fields),
      createdAt: child.nowIso,
      updatedAt: child.nowIso,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toChild(row);
}

export async function updateChild(
  executor: Executor,
  familyId: string,
  childId: string,
  fields: ChildFields,
  nowIso: string,
): Promise<TChild | undefined> {
  const row = await executor
    .updateTable('children')
    .set({ ...toColumns(fields), updatedAt: nowIso })
    .where('familyId', '=', familyId)
    .where('id', '=', childId)
    .returningAll()
    .executeTakeFirst();
  return row && toChild(row);
}

export async function deleteChild(
  executor: Executor,
  familyId: string,
  childId: string,
): Promise<boolean> {
  const result = await executor
    .deleteFrom('children')
    .where('familyId', '=', familyId)
    .where('id', '=', childId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
