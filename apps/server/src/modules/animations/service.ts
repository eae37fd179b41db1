import { randomBytes } from 'node:crypto';
import {
  FRAME_NOT_PNG_MESSAGE,
  FRAME_TOO_LARGE_MESSAGE,
  MAX_ANIMATIONS,
  MAX_FRAME_BYTES,
  TOO_MANY_ANIMATIONS_MESSAGE,
  type TAnimation,
  type TAnimationInput,
  type TAnimationSummary,
} from '@kkb/core/animation/schema';
import { sniffImageType } from '@kkb/core/family/files';
import type { Database } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import { badRequest, notFound } from '../../errors.ts';
import { deleteFile, storeFile } from '../files/service.ts';
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

/** The PNG bytes of a frame, or a 400 naming what is wrong with them. */
function decodeFrame(base64: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_FRAME_BYTES) throw badRequest(FRAME_TOO_LARGE_MESSAGE);
  if (sniffImageType(bytes) !== 'image/png') throw badRequest(FRAME_NOT_PNG_MESSAGE);
  return bytes;
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
 * Stores each frame that carries new PNG bytes under a fresh path (a frame's old version stays
 * until the row no longer names it) and keeps the others as they are. A frame without bytes must
 * already be in the animation. On failure, every file stored here is removed again.
 */
async function storeFrames(
  storage: Storage,
  member: FamilyMember,
  animationId: string,
  input: TAnimationInput,
  existing: ReadonlyMap<string, StoredFrame>,
  nowIso: string,
): Promise<{ frames: StoredFrame[]; added: string[] }> {
  const decoded = input.frames.map((frame): { id: string; bytes: Buffer } | StoredFrame => {
    if (frame.png !== undefined) return { id: frame.id, bytes: decodeFrame(frame.png) };
    const kept = existing.get(frame.id);
    if (kept === undefined) throw badRequest(`Frame ${frame.id} needs its image (png)`);
    return kept;
  });
  const frames: StoredFrame[] = [];
  const added: string[] = [];
  try {
    for (const frame of decoded) {
      if (!('bytes' in frame)) {
        frames.push(frame);
        continue;
      }
      const path = `animations/${animationId}/${frame.id}-${randomBytes(6).toString('hex')}.png`;
      const stored = await storeFile(
        storage.database,
        storage.dataDir,
        member,
        path,
        frame.bytes,
        nowIso,
      );
      added.push(path);
      frames.push({ id: frame.id, path, url: stored.url });
    }
  } catch (error) {
    await removeFrames(storage, member.familyId, added);
    throw error;
  }
  return { frames, added };
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
  storage: Storage,
  member: FamilyMember,
  input: TAnimationInput,
  nowIso: string,
): Promise<TAnimation> {
  const { database } = storage;
  const { familyId } = member;
  // Checked first so a family at the limit uploads nothing; checked again under the lock.
  if ((await countAnimations(database.db, familyId)) >= MAX_ANIMATIONS) {
    throw badRequest(TOO_MANY_ANIMATIONS_MESSAGE);
  }
  const id = randomBytes(16).toString('hex');
  const { frames, added } = await storeFrames(storage, member, id, input, new Map(), nowIso);
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
  try {
    await inFamilyTransaction(database, member, async (trx) => {
      if ((await countAnimations(trx, familyId)) >= MAX_ANIMATIONS) {
        throw badRequest(TOO_MANY_ANIMATIONS_MESSAGE);
      }
      await insertAnimation(trx, row);
    });
  } catch (error) {
    await removeFrames(storage, familyId, added);
    throw error;
  }
  return toAnimation(row);
}

/**
 * Replaces the animation's title, speed, loop and frames. Frames sent without bytes keep their
 * stored image; frames no longer listed (or redrawn) have their old files removed afterwards.
 */
export async function updateAnimation(
  storage: Storage,
  member: FamilyMember,
  id: string,
  input: TAnimationInput,
  nowIso: string,
): Promise<TAnimation> {
  const { database } = storage;
  const { familyId } = member;
  const current = await findAnimationRow(database.db, familyId, id);
  if (!current) throw animationNotFound();
  const before = framesOf(current);
  const { frames, added } = await storeFrames(
    storage,
    member,
    id,
    input,
    new Map(before.map((frame) => [frame.id, frame])),
    nowIso,
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
  let replaced: StoredFrame[];
  try {
    replaced = await inFamilyTransaction(database, member, async (trx) => {
      // Read again under the lock: another save may have changed the frames meanwhile.
      const locked = await findAnimationRow(trx, familyId, id);
      if (!locked || !(await updateAnimationRow(trx, next))) throw animationNotFound();
      return framesOf(locked);
    });
  } catch (error) {
    await removeFrames(storage, familyId, added);
    throw error;
  }
  const kept = new Set(frames.map((frame) => frame.path));
  await removeFrames(
    storage,
    familyId,
    replaced.map((frame) => frame.path).filter((path) => !kept.has(path)),
  );
  return toAnimation({ ...current, ...next });
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
