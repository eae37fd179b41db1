import { randomBytes } from 'node:crypto';
import {
  FRAME_NOT_PNG_MESSAGE,
  FRAME_TOO_LARGE_MESSAGE,
  FRAME_UPLOAD_LIFETIME_MS,
  FRAME_UPLOAD_NOT_FOUND_MESSAGE,
  MAX_ANIMATIONS,
  MAX_FRAME_BYTES,
  TOO_MANY_ANIMATIONS_MESSAGE,
  type TAnimation,
  type TAnimationInput,
  type TAnimationSummary,
  type TFrameUpload,
} from '@kkb/core/animation/schema';
import { sniffImageType } from '@kkb/core/family/files';
import type { Executor, Database } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import { badRequest, notFound } from '../../errors.ts';
import { deleteFile, deleteFilesStoredBefore, moveFile, storeFile } from '../files/service.ts';
import {
  countAnimations,
  deleteAnimationRow,
  findAnimationRow,
  insertAnimation,
  listAnimationRows,
  updateAnimationRow,
  type AnimationRow,
} from './repository.ts';

/** A frame as kept in the row: where its PNG is in the family's file storage, and its address. */
interface StoredFrame {
  id: string;
  path: string;
  url: string;
}

interface Storage {
  database: Database;
  dataDir: string;
}

/**
 * Where uploaded frames wait, in the family's file storage, until an animation names them: saving
 * the animation moves each to the animation's folder; the sweep deletes those left for a day.
 */
export const FRAME_UPLOAD_FOLDER = 'animations/uploads';

const uploadPath = (uploadId: string) => `${FRAME_UPLOAD_FOLDER}/${uploadId}.png`;

/** A frame's file once its animation names it; the upload's id makes each drawing's path new. */
const framePath = (animationId: string, frameId: string, uploadId: string) =>
  `animations/${animationId}/${frameId}-${uploadId}.png`;

const animationNotFound = () => notFound('Animation');

function framesOf(row: AnimationRow): StoredFrame[] {
  return JSON.parse(row.frames) as StoredFrame[];
}

function toAnimation(row: AnimationRow): TAnimation {
  return {
    id: row.id,
    title: row.title,
    fps: row.fps,
    loop: row.loop === 1,
    frames: framesOf(row).map(({ id, url }) => ({ id, url })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toSummary(row: AnimationRow): TAnimationSummary {
  const { frames, ...rest } = toAnimation(row);
  return { ...rest, frameCount: frames.length, thumbnailUrl: frames[0]?.url ?? '' };
}

/** Removes stored frame files, ignoring any already gone (clean-up must not fail the request). */
async function removeFrames({ database, dataDir }: Storage, familyId: string, paths: string[]) {
  for (const path of paths) {
    try {
      await deleteFile(database, dataDir, familyId, path);
    } catch {
      // Already gone: nothing to clean.
    }
  }
}

/**
 * Stores one frame's PNG (at most 256 KB: the route refuses more as it arrives) in the family's
 * file storage, where it waits for an animation to name it. It counts towards the family's file
 * limit.
 */
export async function uploadFrame(
  { database, dataDir }: Storage,
  member: FamilyMember,
  bytes: Buffer,
  nowIso: string,
): Promise<TFrameUpload> {
  if (sniffImageType(bytes) !== 'image/png') throw badRequest(FRAME_NOT_PNG_MESSAGE);
  const uploadId = randomBytes(16).toString('hex');
  await storeFile(database, dataDir, member, uploadPath(uploadId), bytes, nowIso);
  return { uploadId };
}

/**
 * The animation's frames from `input`, in the transaction that saves it (under the family's
 * lock): a frame without an upload keeps its stored image; a frame naming an upload of this
 * family takes it, moved into the animation's folder (so the sweep leaves it). A save sent again
 * after its answer was lost finds its uploads already moved there and keeps them. Any frame that
 * cannot be had fails the whole save, and the moves made so far roll back with it.
 */
async function resolveFrames(
  trx: Executor,
  familyId: string,
  animationId: string,
  input: TAnimationInput,
  current: ReadonlyMap<string, StoredFrame>,
): Promise<StoredFrame[]> {
  const frames: StoredFrame[] = [];
  for (const frame of input.frames) {
    const kept = current.get(frame.id);
    if (frame.uploadId === undefined) {
      if (kept === undefined) throw badRequest(`Frame ${frame.id} needs its image (uploadId)`);
      frames.push(kept);
      continue;
    }
    const path = framePath(animationId, frame.id, frame.uploadId);
    if (kept?.path === path) {
      frames.push(kept);
      continue;
    }
    const moved = await moveFile(trx, familyId, uploadPath(frame.uploadId), path);
    if (moved === undefined) throw badRequest(FRAME_UPLOAD_NOT_FOUND_MESSAGE);
    // The folder is the family's own storage: a file put there another way must still be a frame.
    if (moved.contentType !== 'image/png') throw badRequest(FRAME_NOT_PNG_MESSAGE);
    if (moved.size > MAX_FRAME_BYTES) throw badRequest(FRAME_TOO_LARGE_MESSAGE);
    frames.push({ id: frame.id, path, url: moved.url });
  }
  return frames;
}

export async function listAnimations(
  database: Database,
  familyId: string,
): Promise<TAnimationSummary[]> {
  return (await listAnimationRows(database.db, familyId)).map(toSummary);
}

export async function getAnimation(
  database: Database,
  familyId: string,
  id: string,
): Promise<TAnimation> {
  const row = await findAnimationRow(database.db, familyId, id);
  if (!row) throw animationNotFound();
  return toAnimation(row);
}

export async function createAnimation(
  database: Database,
  member: FamilyMember,
  input: TAnimationInput,
  nowIso: string,
): Promise<TAnimation> {
  const { familyId } = member;
  const id = randomBytes(16).toString('hex');
  return inFamilyTransaction(database, member, async (trx) => {
    if ((await countAnimations(trx, familyId)) >= MAX_ANIMATIONS) {
      throw badRequest(TOO_MANY_ANIMATIONS_MESSAGE);
    }
    const frames = await resolveFrames(trx, familyId, id, input, new Map());
    const row: AnimationRow = {
      id,
      familyId,
      title: input.title,
      fps: input.fps,
      loop: input.loop ? 1 : 0,
      frames: JSON.stringify(frames),
      createdAt: nowIso,
      updatedAt: nowIso,
    };
    await insertAnimation(trx, row);
    return toAnimation(row);
  });
}

/**
 * Replaces the animation's title, speed, loop and frames. Frames sent without an upload keep their
 * stored image; frames no longer listed (or redrawn) have their old files removed afterwards.
 */
export async function updateAnimation(
  storage: Storage,
  member: FamilyMember,
  id: string,
  input: TAnimationInput,
  nowIso: string,
): Promise<TAnimation> {
  const { familyId } = member;
  const { saved, replaced } = await inFamilyTransaction(storage.database, member, async (trx) => {
    const current = await findAnimationRow(trx, familyId, id);
    if (!current) throw animationNotFound();
    const before = framesOf(current);
    const frames = await resolveFrames(
      trx,
      familyId,
      id,
      input,
      new Map(before.map((frame) => [frame.id, frame])),
    );
    const next = {
      id,
      familyId,
      title: input.title,
      fps: input.fps,
      loop: input.loop ? 1 : 0,
      frames: JSON.stringify(frames),
      updatedAt: nowIso,
    };
    if (!(await updateAnimationRow(trx, next))) throw animationNotFound();
    const kept = new Set(frames.map((frame) => frame.path));
    return {
      saved: toAnimation({ ...current, ...next }),
      replaced: before.map((frame) => frame.path).filter((path) => !kept.has(path)),
    };
  });
  await removeFrames(storage, familyId, replaced);
  return saved;
}

export async function deleteAnimation(
  storage: Storage,
  familyId: string,
  id: string,
): Promise<void> {
  const row = await deleteAnimationRow(storage.database.db, familyId, id);
  if (!row) throw animationNotFound();
  await removeFrames(
    storage,
    familyId,
    framesOf(row).map((frame) => frame.path),
  );
}

/**
 * Deletes the uploaded frames that no animation named within a day of their upload (an autosave
 * that never came, a tab closed in between), in every family; returns how many went.
 */
export function sweepFrameUploads({ database, dataDir }: Storage, now: Date): Promise<number> {
  const uploadedBefore = new Date(now.getTime() - FRAME_UPLOAD_LIFETIME_MS).toISOString();
  return deleteFilesStoredBefore(database, dataDir, FRAME_UPLOAD_FOLDER, uploadedBefore);
}
