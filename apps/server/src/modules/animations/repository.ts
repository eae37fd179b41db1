import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AnimationsTable } from './tables.ts';

export type AnimationRow = Selectable<AnimationsTable>;

export function listAnimationRows(executor: Executor, familyId: string): Promise<AnimationRow[]> {
  return executor
    .selectFrom('animations')
    .selectAll()
    .where('familyId', '=', familyId)
    .orderBy('updatedAt', 'desc')
    .orderBy('id')
    .execute();
}

export function findAnimationRow(
  executor: Executor,
  familyId: string,
  id: string,
): Promise<AnimationRow | undefined> {
  return executor
    .selectFrom('animations')
    .selectAll()
    .where('familyId', '=', familyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countAnimations(executor: Executor, familyId: string): Promise<number> {
  const row = await executor
    .selectFrom('animations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('familyId', '=', familyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAnimation(executor: Executor, row: AnimationRow): Promise<void> {
  await executor.insertInto('animations').values(row).execute();
}

export async function updateAnimationRow(
  executor: Executor,
  row: Pick<AnimationRow, 'id' | 'familyId' | 'title' | 'fps' | 'loop' | 'frames' | 'updatedAt'>,
): Promise<boolean> {
  const result = await executor
    .updateTable('animations')
    .set({
      title: row.title,
      fps: row.fps,
      loop: row.loop,
      frames: row.frames,
      updatedAt: row.updatedAt,
    })
    .where('familyId', '=', row.familyId)
    .where('id', '=', row.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function deleteAnimationRow(
  executor: Executor,
  familyId: string,
  id: string,
): Promise<AnimationRow | undefined> {
  return executor
    .deleteFrom('animations')
    .where('familyId', '=', familyId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
