/**
 * Each child's play by skill area over the last weeks (issue 35, `GET /stats/skills`): how the
 * family's stats page shows each child's growth at a glance.
 */
import { z } from 'zod';
import type { TSkill } from '../activities/schema.ts';
import { ZCalendarDay } from '../validation/date-time.ts';
import { queryNumber } from '../validation/query-number.ts';
import { dayGap } from './calendar.ts';

/** Weeks the stats page shows, and the most a client may ask for. */
export const SKILL_PLAY_WEEKS = 4;
export const SKILL_PLAY_MAX_WEEKS = 12;

const DAYS_PER_WEEK = 7;

/** `GET /stats/skills`: how many weeks back, ending today (1 to 12, default 4). */
export const ZSkillPlayQuery = z.object({
  weeks: queryNumber(z.coerce.number().int().min(1).max(SKILL_PLAY_MAX_WEEKS)).default(
    SKILL_PLAY_WEEKS,
  ),
});
export type TSkillPlayQuery = z.infer<typeof ZSkillPlayQuery>;

const count = z.number().int().min(0);

/** Completions that exercised each skill area. */
export const ZSkillCounts = z.object({
  'gross-motor': count,
  'fine-motor': count,
  language: count,
  thinking: count,
  'social-emotional': count,
  creative: count,
}) satisfies z.ZodType<Record<TSkill, number>>;
export type TSkillCounts = z.infer<typeof ZSkillCounts>;

/** Seven days of the family's calendar, `from` to `to` included (YYYY-MM-DD, its timezone). */
export const ZPlayWeek = z.object({ from: ZCalendarDay, to: ZCalendarDay });
export type TPlayWeek = z.infer<typeof ZPlayWeek>;

/** One child's play in one week. */
export const ZWeekSkillPlay = z.object({
  /** The completions that named the child, whether or not their activity's skills are known. */
  activities: count,
  /** Of those, how many exercised each skill area (an activity counts in each of its skills). */
  skills: ZSkillCounts,
});
export type TWeekSkillPlay = z.infer<typeof ZWeekSkillPlay>;

export const ZChildSkillPlay = z.object({
  childId: z.string(),
  name: z.string(),
  /** One entry per week of the answer's `weeks`, in their order. */
  weeks: z.array(ZWeekSkillPlay),
});
export type TChildSkillPlay = z.infer<typeof ZChildSkillPlay>;

/**
 * The answer of `GET /stats/skills`: the weeks, oldest first (the last ends today), and each of the
 * family's children in the family's order with their play in each week.
 */
export const ZSkillPlay = z.object({
  weeks: z.array(ZPlayWeek),
  children: z.array(ZChildSkillPlay),
});
export type TSkillPlay = z.infer<typeof ZSkillPlay>;

/** One completion as the skill play counts it. */
export interface SkillPlayCompletion {
  /** Its day in the family's timezone (YYYY-MM-DD). */
  localDay: string;
  childIds: readonly string[];
  /** Its activity's skills; null when unknown (an own activity without them, or one deleted). */
  skills: readonly TSkill[] | null;
}

/** Adds whole days to a YYYY-MM-DD. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Rule: `count` weeks of seven days, oldest first, the last ending `today`. */
export function playWeeks(today: string, count: number): TPlayWeek[] {
  return Array.from({ length: count }, (_, i) => {
    const to = addDays(today, -DAYS_PER_WEEK * (count - 1 - i));
    return { from: addDays(to, -(DAYS_PER_WEEK - 1)), to };
  });
}

const noSkills = (): TSkillCounts => ({
  'gross-motor': 0,
  'fine-motor': 0,
  language: 0,
  thinking: 0,
  'social-emotional': 0,
  creative: 0,
});

/**
 * Rule: each child's play by skill area in each week. A completion counts for every child it names
 * and in the week of its day; it counts once in each skill of its activity when they are known
 * (a family's own activity counts only the skills the family chose), and in `activities` always,
 * so the page can say how much play has no skill areas. Completions outside the weeks, and
 * children the family no longer has, are left out.
 */
export function skillPlay(
  children: readonly { id: string; name: string }[],
  weeks: readonly TPlayWeek[],
  completions: readonly SkillPlayCompletion[],
): TSkillPlay {
  const byChild = new Map(
    children.map((child) => [
      child.id,
      weeks.map((): TWeekSkillPlay => ({ activities: 0, skills: noSkills() })),
    ]),
  );
  const first = weeks[0];
  for (const completion of completions) {
    if (first === undefined) break;
    const week = Math.floor(dayGap(first.from, completion.localDay) / DAYS_PER_WEEK);
    if (week < 0 || week >= weeks.length) continue;
    for (const childId of completion.childIds) {
      const played = byChild.get(childId)?.[week];
      if (played === undefined) continue;
      played.activities += 1;
      for (const skill of new Set(completion.skills ?? [])) played.skills[skill] += 1;
    }
  }
  return {
    weeks: [...weeks],
    children: children.map((child) => ({
      childId: child.id,
      name: child.name,
      weeks: byChild.get(child.id) ?? [],
    })),
  };
}
