import type { TProgressFields } from '@kkb/core/family/schema';
import type { Executor } from '../../db/database.ts';

export interface StoredProgress {
  fields: TProgressFields;
  updatedAt: string;
}

export async function findProgress(
  executor: Executor,
  familyId: string,
): Promise<StoredProgress | undefined> {
  const row = await executor
    .selectFrom('progress')
    .select(['data', 'updatedAt'])
    .where('familyId', '=', familyId)
    .executeTakeFirst();
  return row && { fields: JSON.parse(row.data) as TProgressFields, updatedAt: row.updatedAt };
}

/** Writes the whole free-field document (already serialized) for the user. */
export async function saveProgress(
  executor: Executor,
  familyId: string,
  data: string,
  updatedAt: string,
): Promise<void> {
  await executor
    .insertInto('progress')
    .values({ familyId, data, updatedAt })
    .onConflict((conflict) => conflict.column('familyId').doUpdateSet({ data, updatedAt }))
    .execute();
}
