import { mergeProgress } from '@kkb/core/family/profile';
import { MAX_PROGRESS_BYTES, type TProgress, type TProgressFields } from '@kkb/core/family/schema';
import type { Database, Executor } from '../../db/database.ts';
import { inFamilyTransaction } from '../../db/family-lock.ts';
import { badRequest } from '../../errors.ts';
import { findProgress, saveProgress } from './repository.ts';

export async function getProgress(executor: Executor, userId: string): Promise<TProgress> {
  const stored = await findProgress(executor, userId);
  return stored ? { ...stored.fields, updatedAt: stored.updatedAt } : { updatedAt: null };
}

/** Merges top-level free fields into the family's progress; the whole document stays ≤ 64 KB. */
export function updateProgress(
  database: Database,
  userId: string,
  update: TProgressFields,
  nowIso: string,
): Promise<TProgress> {
  return inFamilyTransaction(database, userId, async (trx) => {
    const current = await findProgress(trx, userId);
    const merged = mergeProgress(current?.fields ?? {}, update);
    const data = JSON.stringify(merged);
    if (Buffer.byteLength(data) > MAX_PROGRESS_BYTES) {
      throw badRequest(`Progress must be at most ${MAX_PROGRESS_BYTES / 1024} KB`);
    }
    await saveProgress(trx, userId, data, nowIso);
    return { ...merged, updatedAt: nowIso };
  });
}
