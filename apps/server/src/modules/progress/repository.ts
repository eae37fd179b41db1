import type { TProgressFields } from '@kkb/core/family/schema';
import type { Executor } from '../../db/database.ts';

export interface StoredProgress {
  fields: TProgressFields;
  updatedAt: string;
}

export async function findProgress(
  executor: Executor,
  userId: string,
): Promise<StoredProgress | undefined> {
  const row = await executor
    .selectFrom('progress')
    .select(['data', 'updatedAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row && { fields: JSON.parse(row.data) as TProgressFields, updatedAt: row.updatedAt };
}

/** Writes the whole free-field document (already serialized) for the user. */
export async function saveProgress(
  executor: Executor,
  userId: string,
  data: string,
  updatedAt: string,
): Promise<void> {
  await executor
    .insertInto('progress')
    .values({ userId, data, updatedAt })
    .onConflict((conflict) => conflict.column('userId').doUpdateSet({ data, updatedAt }))
    .execute();
}
