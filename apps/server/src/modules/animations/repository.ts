import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AnimationsTable } from './tables.ts';

export type AnimationRow = Selectable<AnimationsTable>;

export function listAnimationRows(executor: Executor, userId: string): Promise<AnimationRow[]> {
  return executor
    .selectFrom('animations')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('updatedAt', 'desc')
    .orderBy('id')
    .execute();
}

export function findAnimationRow(
  executor: Executor,
  userId: string,
  id: string,
): Promise<AnimationRow | undefined> {
  return executor
    .selectFrom('animations')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countAnimations(executor: Executor, userId: string): Promise<number> {
  const row = await executor
    .selectFrom('animations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAnimation(executor: Executor, row: AnimationRow): Promise<void> {
  await executor.insertInto('animations').values(row).execute();
}

export async function updateAnimationRow(
  executor: Executor,
  row: Pick<AnimationRow, 'id' | 'userId' | 'title' | 'fps' | 'loop' | 'frames' | 'updatedAt'>,
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
    .where('userId', '=', row.userId)
    .where('id', '=', row.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function deleteAnimationRow(
  executor: Executor,
  userId: string,
  id: string,
): Promise<AnimationRow | undefined> {
  return executor
    .deleteFrom('animations')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
