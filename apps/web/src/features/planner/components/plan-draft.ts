import type { PlanChange } from '@kkb/core/planner/edit';
import type {
  TPlan,
  TPlanDay,
  TPlannerRequestInput,
  TSavedPlan,
  TSavedPlanInputFields,
} from '@kkb/core/planner/schema';
import { formatPlanSpan } from './plan-format';

/** The plan on the page, as the parent changes it. */
export interface PlanDraft {
  plan: TPlan;
  /** The saved plan this is (an edited copy of it), or null while not saved. */
  savedId: string | null;
  title: string;
  /** Changed since it was planned, opened or saved. */
  dirty: boolean;
  /** Activities swapped away, so that swapping again never brings one back. */
  avoided: string[];
  /** When it was planned (a saved plan: when it was first saved): what was done since is done. */
  plannedAt: string;
}

export function defaultTitle(days: readonly { date: string }[]): string {
  return `Plan for ${formatPlanSpan(days)}`;
}

export function draftFromPlan(plan: TPlan, plannedAt: string): PlanDraft {
  return {
    plan,
    savedId: null,
    title: defaultTitle(plan.days),
    dirty: false,
    avoided: [],
    plannedAt,
  };
}

export function draftFromSaved(saved: TSavedPlan): PlanDraft {
  const { id, title, createdAt, updatedAt: _updated, ...plan } = saved;
  return {
    plan: { ...plan, modelFailed: false },
    savedId: id,
    title,
    dirty: false,
    avoided: [],
    plannedAt: createdAt,
  };
}

/** The draft with one day replaced (an edit on the page). */
export function withDay(draft: PlanDraft, dayIndex: number, day: TPlanDay): PlanDraft {
  const days = draft.plan.days.map((d, i) => (i === dayIndex ? day : d));
  return { ...draft, plan: { ...draft.plan, days }, dirty: true };
}

/** The planner request that makes `change` to the draft (a swap, or planning again). */
export function changeRequest(draft: PlanDraft, change: PlanChange): TPlannerRequestInput {
  const { plan } = draft;
  return {
    startDate: plan.startDate,
    days: plan.days.length,
    childIds: plan.childIds,
    slots: plan.slots,
    keep: change.keep,
    avoid: change.avoid,
  };
}

/** The draft with the planner's new version of it; it stays the same saved plan. */
export function withPlan(draft: PlanDraft, plan: TPlan, avoided: string[]): PlanDraft {
  return { ...draft, plan, dirty: true, avoided };
}

/** What `POST|PUT /planner/plans` takes for the draft. */
export function savedInput(draft: PlanDraft, title: string): TSavedPlanInputFields {
  const { plan } = draft;
  return {
    title,
    startDate: plan.startDate,
    childIds: plan.childIds,
    slots: plan.slots,
    plannedBy: plan.plannedBy,
    model: plan.model,
    days: plan.days.map((day) => ({
      date: day.date,
      forecast: day.forecast,
      slots: day.slots,
      items: day.items.map((item) => ({
        start: item.start,
        activityId: item.activity.id,
        childIds: item.childIds,
        why: item.why,
        locked: item.locked,
      })),
    })),
  };
}
