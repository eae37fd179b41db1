import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { FilesTable } from './tables.ts';

export type StoredFileRow = Selectable<FilesTable>;

export async function findFileByPath(
  executor: Executor,
  familyId: string,
  path: string,
): Promise<StoredFileRow | undefined> {
  return executor
    .selectFrom('files')
    .selectAll()
    .where('familyId', '=', familyId)
    .where('path', '=', path)
    .executeTakeFirst();
}

export async function countFiles(executor: Executor, familyId: string): Promise<number> {
  const row = await executor
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('familyId', '=', familyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findFileByToken(
  executor: Executor,
  downloadToken: string,
): Promise<StoredFileRow | undefined> {
  return executor
    .selectFrom('files')
    .selectAll()
    .where('downloadToken', '=', downloadToken)
    .executeTakeFirst();
}

/**
 * Stores the row of a new version of `(familyId, path)` and returns the storage name of the version
 * it replaces (undefined for a new path), read in the same transaction.
 */
export async function upsertFile(
  executor: Executor,
  row: StoredFileRow,
): Promise<string | undefined> {
  const previous = await findFileByPath(executor, row.familyId, row.path);
  await executor
    .insertInto('files')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['familyId', 'path']).doUpdateSet({
        storageName: row.storageName,
        contentType: row.contentType,
        size: row.size,
        downloadToken: row.downloadToken,
        createdAt: row.createdAt,
      }),
    )
    .execute();
  return previous?.storageName;
}

/** Removes the row and returns it (undefined when the user has no file at `path`). */
export async function deleteFileByPath(
  executor: Executor,
  familyId: string,
  path: string,
): Promise<StoredFileRow | undefined> {
  return executor
    .deleteFrom('files')
    .where('familyId', '=', familyId)
    .where('path', '=', path)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Gives the file at `fromPath` the path `toPath` (its bytes and download address stay) and returns
 * it as moved; undefined when the family has no file at `fromPath`.
 */
export function moveFilePath(
  executor: Executor,
  familyId: string,
  fromPath: string,
  toPath: string,
): Promise<StoredFileRow | undefined> {
  return executor
    .updateTable('files')
    .set({ path: toPath })
    .where('familyId', '=', familyId)
    .where('path', '=', fromPath)
    .returningAll()
    .executeTakeFirst();
}

/** Removes the rows of every family's files under `folder/` stored before `createdBefore`. */
export function deleteFilesUnderCreatedBefore(
  executor: Executor,
  folder: string,
  createdBefore: string,
): Promise<Pick<StoredFileRow, 'familyId' | 'storageName'>[]> {
  return executor
    .deleteFrom('files')
    .where('path', 'like', `${folder}/%`)
    .where('createdAt', '<', createdBefore)
    .returning(['familyId', 'storageName'])
    .execute();
}
