import { ZPlan, ZSlotDays, type TPlanSlot, type TSavedPlan } from '@kkb/core/planner/schema';
import { useState } from 'react';
import { z } from 'zod';
import { readDeviceDraft, writeDeviceDraft, type DraftOwner } from '../../../lib/device-drafts';
import { useAuth } from '../../auth/components/use-auth';
import { useFamily } from '../../family/api/get-family';
import { draftFromSaved, type PlanDraft } from './plan-draft';
import type { PlanPeriod } from './plan-period';

/**
 * The planner's unsaved work, kept on the device until it is saved or discarded (issue 29: a plan
 * made and not saved vanished on a trip to "Saved plans" or to one of its activities): the new
 * plan with its locks, swaps and the form's choices, and the unsaved changes of a saved plan. See
 * lib/device-drafts (per user and family; cleared at sign-out).
 */

/** What the plan form was set to: the days, who is left out, the time windows once edited. */
export interface PlanFormChoices {
  period: PlanPeriod;
  /** Children unticked (so that a child added meanwhile plays too). */
  left: string[];
  /** The windows as the parent edited them; null while they follow the children's free times. */
  editedSlots: TPlanSlot[] | null;
}

export const DEFAULT_CHOICES: PlanFormChoices = { period: 'weekend', left: [], editedSlots: null };

/** The "Plan" tab: the form's choices and the plan they gave, if any. */
export interface NewPlanWork {
  choices: PlanFormChoices;
  draft: PlanDraft | null;
}

/** Nothing planned yet: the form as it starts, and no plan (also what saving or discarding leaves). */
export const NOTHING_PLANNED: NewPlanWork = { choices: DEFAULT_CHOICES, draft: null };

// What this app wrote itself, read back after a reload: checked, since an older version of the
// app (or of the activities' shape) may have written it. A draft that does not pass is dropped.
const ZKeptDraft = z.object({
  plan: ZPlan,
  savedId: z.string().nullable(),
  title: z.string(),
  dirty: z.boolean(),
  avoided: z.array(z.string()),
  plannedAt: z.string(),
});
const ZKeptChoices = z.object({
  period: z.enum(['today', 'weekend', 'week']),
  left: z.array(z.string()),
  // Possibly half-edited (a window past midnight): the form says what is wrong with it.
  editedSlots: z
    .array(z.object({ start: z.string(), minutes: z.number(), on: ZSlotDays }))
    .nullable(),
});
const ZKeptNewPlan = z.object({ choices: ZKeptChoices, draft: ZKeptDraft.nullable() });

const NEW_PLAN = 'plan:new';
const editsOf = (savedId: string) => `plan:${savedId}`;

/** The signed-in member and their family, once both are known. */
export function useDraftOwner(): DraftOwner | null {
  const auth = useAuth();
  const familyId = useFamily().data?.id;
  const userId = auth.status === 'authenticated' ? auth.user.id : undefined;
  return userId === undefined || familyId === undefined ? null : { userId, familyId };
}

function isNothingPlanned({ choices, draft }: NewPlanWork): boolean {
  return (
    draft === null &&
    choices.period === DEFAULT_CHOICES.period &&
    choices.left.length === 0 &&
    choices.editedSlots === null
  );
}

/** The new plan being worked on, as kept; `keep` changes it here and on the device. */
export function useKeptNewPlan(
  owner: DraftOwner | null,
): [NewPlanWork, (work: NewPlanWork) => void] {
  const [work, setWork] = useState<NewPlanWork>(() => {
    if (owner === null) return NOTHING_PLANNED;
    const kept = ZKeptNewPlan.safeParse(readDeviceDraft(NEW_PLAN, owner));
    return kept.success ? kept.data : NOTHING_PLANNED;
  });
  const keep = (next: NewPlanWork) => {
    setWork(next);
    if (owner !== null) writeDeviceDraft(NEW_PLAN, owner, isNothingPlanned(next) ? null : next);
  };
  return [work, keep];
}

/**
 * A saved plan as the parent is changing it: its unsaved changes as kept, else as saved. Kept
 * while it differs from the saved one (`dirty`); saving or discarding the changes drops them.
 */
export function useKeptPlanEdits(
  owner: DraftOwner | null,
  saved: TSavedPlan,
): [PlanDraft, (draft: PlanDraft) => void] {
  const [draft, setDraft] = useState<PlanDraft>(() => {
    const kept = owner === null ? null : readDeviceDraft(editsOf(saved.id), owner);
    const parsed = ZKeptDraft.safeParse(kept);
    return parsed.success && parsed.data.savedId === saved.id && parsed.data.dirty
      ? parsed.data
      : draftFromSaved(saved);
  });
  const keep = (next: PlanDraft) => {
    setDraft(next);
    if (owner !== null) writeDeviceDraft(editsOf(saved.id), owner, next.dirty ? next : null);
  };
  return [draft, keep];
}

/** A saved plan deleted: its unsaved changes go too. */
export function forgetPlanEdits(owner: DraftOwner | null, savedId: string): void {
  if (owner !== null) writeDeviceDraft(editsOf(savedId), owner, null);
}
