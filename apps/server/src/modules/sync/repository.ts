import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { SyncActionsTable } from './tables.ts';

export type SyncActionRow = Selectable<SyncActionsTable>;

/** The family's record of the action with this clientId, when it was synced before. */
export async function findSyncAction(
  executor: Executor,
  familyId: string,
  clientId: string,
): Promise<SyncActionRow | undefined> {
  return executor
    .selectFrom('syncActions')
    .selectAll()
    .where('familyId', '=', familyId)
    .where('clientId', '=', clientId)
    .executeTakeFirst();
}

/**
 * Records a synced action. Run under the family's lock after `findSyncAction` found nothing; the
 * primary key refuses a second record of one clientId whatever happens.
 */
export async function insertSyncAction(
  executor: Executor,
  row: Insertable<SyncActionsTable>,
): Promise<void> {
  await executor.insertInto('syncActions').values(row).execute();
}
