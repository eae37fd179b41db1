import { mergeProgress } from '@kkb/core/family/profile';
import { MAX_PROGRESS_BYTES, type TProgress, type TProgressFields } from '@kkb/core/family/schema';
import type { Database, Executor } from '../../db/database.ts';
import { inFamilyTransaction, type FamilyMember } from '../../db/family-lock.ts';
import { badRequest } from '../../errors.ts';
import { findProgress, saveProgress } from './repository.ts';

export async function getProgress(executor: Executor, familyId: string): Promise<TProgress> {
  const stored = await findProgress(executor, familyId);
  return stored ? { ...stored.fields, updatedAt: stored.updatedAt } : { updatedAt: null };
}

/** Merges top-level free fields into the family's progress; the whole document stays ≤ 64 KB. */
export function updateProgress(
  database: Database,
  member: FamilyMember,
  update: TProgressFields,
  nowIso: string,
): Promise<TProgress> {
  const { familyId } = member;
  return inFamilyTransaction(database, member, async (trx) => {
    const current = await findProgress(trx, familyId);
    const merged = mergeProgress(current?.fields ?? {}, update);
    const data = JSON.stringify(merged);
    if (Buffer.byteLength(data) > MAX_PROGRESS_BYTES) {
      throw badRequest(`Progress must be at most ${MAX_PROGRESS_BYTES / 1024} KB`);
    }
    await saveProgress(trx, familyId, data, nowIso);
    return { ...merged, updatedAt: nowIso };
  });
}
