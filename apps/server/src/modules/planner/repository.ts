import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PlansTable } from './tables.ts';

export type PlanRow = Selectable<PlansTable>;
export type PlanSummaryRow = Omit<PlanRow, 'plan' | 'familyId'>;

/** One page of the family's plans, most recently changed first, without their bodies. */
export function listPlanRows(
  executor: Executor,
  familyId: string,
  skip: number,
  limit: number,
): Promise<PlanSummaryRow[]> {
  return executor
    .selectFrom('plans')
    .select(['id', 'title', 'startDate', 'dayCount', 'itemCount', 'createdAt', 'updatedAt'])
    .where('familyId', '=', familyId)
    .orderBy('updatedAt', 'desc')
    .orderBy('id')
    .offset(skip)
    .limit(limit)
    .execute();
}

export async function countPlans(executor: Executor, familyId: string): Promise<number> {
  const row = await executor
    .selectFrom('plans')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('familyId', '=', familyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findPlanRow(
  executor: Executor,
  familyId: string,
  id: string,
): Promise<PlanRow | undefined> {
  return executor
    .selectFrom('plans')
    .selectAll()
    .where('familyId', '=', familyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertPlan(executor: Executor, row: PlanRow): Promise<void> {
  await executor.insertInto('plans').values(row).execute();
}

export async function updatePlanRow(
  executor: Executor,
  row: Omit<PlanRow, 'createdAt'>,
): Promise<boolean> {
  const result = await executor
    .updateTable('plans')
    .set({
      title: row.title,
      startDate: row.startDate,
      dayCount: row.dayCount,
      itemCount: row.itemCount,
      plan: row.plan,
      updatedAt: row.updatedAt,
    })
    .where('familyId', '=', row.familyId)
    .where('id', '=', row.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePlanRow(
  executor: Executor,
  familyId: string,
  id: string,
): Promise<boolean> {
  const result = await executor
    .deleteFrom('plans')
    .where('familyId', '=', familyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
