import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { ReadStream } from 'node:fs';
import path from 'node:path';
import {
  MAX_FILES,
  MAX_FILES_MESSAGE,
  sniffImageType,
  UNSUPPORTED_FILE_TYPE_MESSAGE,
  type TStoredFile,
} from '@kkb/core/family/files';
import type { Database, Executor } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import { badRequest, notFound } from '../../errors.ts';
import { randomToken } from '../../lib/random-tokens.ts';
import {
  countFiles,
  deleteFileByPath,
  deleteFilesUnderCreatedBefore,
  findFileByPath,
  findFileByToken,
  moveFilePath,
  upsertFile,
  type StoredFileRow,
} from './repository.ts';

/** Public download address of one stored version; the token is its only credential. */
export const downloadUrl = (token: string): string => `/api/v1/files/download/${token}`;

const fileNotFound = () => notFound('File');

/** Where a family's files live: DATA_DIR/files/<familyId>, outside any served directory. */
export function familyDirectory(dataDir: string, familyId: string): string {
  // Ids are server-made; refusing anything else keeps a bad id from escaping the files folder.
  if (!/^[A-Za-z0-9_-]+$/.test(familyId)) throw new Error('Unexpected family id format');
  return path.join(dataDir, 'files', familyId);
}

/** Removes the bytes of a deleted family's files (their rows went with the family). */
export async function removeFamilyFiles(dataDir: string, familyId: string): Promise<void> {
  await fs.promises.rm(familyDirectory(dataDir, familyId), { recursive: true, force: true });
}

async function removeQuietly(filePath: string): Promise<void> {
  await fs.promises.rm(filePath, { force: true });
}

/** Writes the bytes durably under a fresh random name (temp file, fsync, rename). */
async function writeNewVersion(directory: string, bytes: Buffer): Promise<string> {
  await fs.promises.mkdir(directory, { recursive: true });
  const storageName = randomBytes(16).toString('hex');
  const finalPath = path.join(directory, storageName);
  const tempPath = `${finalPath}.tmp`;
  const handle = await fs.promises.open(tempPath, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.promises.rename(tempPath, finalPath);
  } catch (error) {
    await removeQuietly(tempPath);
    throw error;
  }
  return storageName;
}

/**
 * Stores (or replaces) the user's file at `filePath`. Only real PNG, JPEG, WebP and GIF bytes are
 * accepted. A replaced version's bytes and download address stop working. The row is written under
 * the family's lock: concurrent uploads to one path replace one another in turn, each removing
 * the bytes of the version it replaced (none is left behind), and the file limit holds.
 */
export async function storeFile(
  database: Database,
  dataDir: string,
  member: FamilyMember,
  filePath: string,
  bytes: Buffer,
  nowIso: string,
): Promise<TStoredFile & { created: boolean }> {
  const { familyId } = member;
  const contentType = sniffImageType(bytes);
  if (!contentType) throw badRequest(UNSUPPORTED_FILE_TYPE_MESSAGE);
  const directory = familyDirectory(dataDir, familyId);
  const storageName = await writeNewVersion(directory, bytes);
  const downloadToken = randomToken();
  let previous: string | undefined;
  let created: boolean;
  try {
    ({ previous, created } = await inFamilyTransaction(database, member, async (trx) => {
      const existing = await findFileByPath(trx, familyId, filePath);
      if (!existing && (await countFiles(trx, familyId)) >= MAX_FILES) {
        throw badRequest(MAX_FILES_MESSAGE);
      }
      const replaced = await upsertFile(trx, {
        id: existing?.id ?? randomBytes(16).toString('hex'),
        familyId,
        path: filePath,
        storageName,
        contentType,
        size: bytes.length,
        downloadToken,
        createdAt: nowIso,
      });
      return { previous: replaced, created: existing === undefined };
    }));
  } catch (error) {
    await removeQuietly(path.join(directory, storageName));
    throw error;
  }
  if (previous) await removeQuietly(path.join(directory, previous));
  return { path: filePath, url: downloadUrl(downloadToken), created };
}

export interface OpenedFile {
  row: StoredFileRow;
  stream: ReadStream;
}

async function openStored(dataDir: string, row: StoredFileRow): Promise<OpenedFile> {
  try {
    const handle = await fs.promises.open(
      path.join(familyDirectory(dataDir, row.familyId), row.storageName),
      'r',
    );
    return { row, stream: handle.createReadStream() };
  } catch (error) {
    // A row whose bytes are gone (replaced at this very moment, or lost) is simply not found.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fileNotFound();
    throw error;
  }
}

/** The owner's own file; another family's path is 'File not found' like a missing one. */
export async function openOwnFile(
  database: Database,
  dataDir: string,
  familyId: string,
  filePath: string,
): Promise<OpenedFile> {
  const row = await findFileByPath(database.db, familyId, filePath);
  if (!row) throw fileNotFound();
  return openStored(dataDir, row);
}

/** The file a download token names, for anyone holding the token. */
export async function openDownload(
  database: Database,
  dataDir: string,
  token: string,
): Promise<OpenedFile> {
  const row = await findFileByToken(database.db, token);
  if (!row) throw fileNotFound();
  return openStored(dataDir, row);
}

export async function deleteFile(
  database: Database,
  dataDir: string,
  familyId: string,
  filePath: string,
): Promise<void> {
  const row = await deleteFileByPath(database.db, familyId, filePath);
  if (!row) throw fileNotFound();
  await removeQuietly(path.join(familyDirectory(dataDir, familyId), row.storageName));
}

/** A file as moved by `moveFile`: where it is now, what it holds and its download address. */
export interface MovedFile extends TStoredFile {
  contentType: string;
  size: number;
}

/**
 * Moves the family's file at `fromPath` to `toPath`, in the caller's transaction (under the
 * family's lock): its bytes and download address stay. Undefined when there is no such file.
 */
export async function moveFile(
  executor: Executor,
  familyId: string,
  fromPath: string,
  toPath: string,
): Promise<MovedFile | undefined> {
  const row = await moveFilePath(executor, familyId, fromPath, toPath);
  if (!row) return undefined;
  return {
    path: row.path,
    url: downloadUrl(row.downloadToken),
    contentType: row.contentType,
    size: row.size,
  };
}

/**
 * Deletes every family's files under `folder/` stored before `createdBefore`, rows first, then
 * their bytes; returns how many went.
 */
export async function deleteFilesStoredBefore(
  database: Database,
  dataDir: string,
  folder: string,
  createdBefore: string,
): Promise<number> {
  const rows = await deleteFilesUnderCreatedBefore(database.db, folder, createdBefore);
  for (const { familyId, storageName } of rows) {
    await removeQuietly(path.join(familyDirectory(dataDir, familyId), storageName));
  }
  return rows.length;
}
