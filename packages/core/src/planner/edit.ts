/**
 * A parent's edits of a plan, shared by the page and the server: move an item, add one, and the
 * requests that swap one item or plan again around the locked ones.
 */
import type { TActivity } from '../activities/schema.ts';
import {
  clockMinutes,
  clockTime,
  type TPlan,
  type TPlanDay,
  type TPlanItem,
  type TPlanItemInput,
} from './schema.ts';

const DAY_MINUTES = 24 * 60;
/** Where an added activity goes on a day without windows or items. */
export const ADDED_DEFAULT_START = '10:00';

const endOf = (item: Pick<TPlanItem, 'start' | 'minutes'>): number =>
  clockMinutes(item.start) + item.minutes;

/**
 * Later items start no earlier than the one before ends (an item moved or grown pushes the rest
 * on), and none runs past midnight.
 */
function settle(items: TPlanItem[]): TPlanItem[] {
  let previousEnd = 0;
  return items.map((item) => {
    const latest = DAY_MINUTES - item.minutes;
    const start = Math.min(Math.max(clockMinutes(item.start), previousEnd), latest);
    previousEnd = start + item.minutes;
    return { ...item, start: clockTime(start) };
  });
}

/**
 * Moves an item one place earlier (-1) or later (+1) within its day. The two items change
 * places: the one now first starts where the first of them started; the other follows it at once
 * when they were back to back, else keeps the later start. Items after them move on if needed.
 * Out of range: the items unchanged.
 */
export function moveItem(
  items: readonly TPlanItem[],
  index: number,
  direction: -1 | 1,
): TPlanItem[] {
  const other = index + direction;
  const a = items[index];
  const b = items[other];
  if (!a || !b) return [...items];
  const [firstIndex, secondIndex] = index < other ? [index, other] : [other, index];
  const first = items[firstIndex]!;
  const second = items[secondIndex]!;
  const backToBack = endOf(first) === clockMinutes(second.start);
  const nowFirst = { ...second, start: first.start };
  const secondStart = backToBack ? endOf(nowFirst) : clockMinutes(second.start);
  const nowSecond = { ...first, start: clockTime(secondStart) };
  const next = [...items];
  next[firstIndex] = nowFirst;
  next[secondIndex] = nowSecond;
  return settle(next);
}

/**
 * Where an added activity of `minutes` starts: the first gap within the day's windows that holds
 * it, else right after the day's last item, else the start of the first window (10:00 without
 * windows); never past midnight.
 */
export function startForAdded(day: Pick<TPlanDay, 'slots' | 'items'>, minutes: number): string {
  const taken = day.items
    .map((item) => ({ from: clockMinutes(item.start), to: endOf(item) }))
    .sort((x, y) => x.from - y.from);
  for (const slot of day.slots) {
    let cursor = clockMinutes(slot.start);
    const slotEnd = cursor + slot.minutes;
    for (const t of taken) {
      if (t.to <= cursor || t.from >= slotEnd) continue;
      if (t.from - cursor >= minutes) break;
      cursor = Math.max(cursor, t.to);
    }
    if (slotEnd - cursor >= minutes) return clockTime(cursor);
  }
  const lastEnd = taken.reduce((end, t) => Math.max(end, t.to), -1);
  const start = lastEnd >= 0 ? lastEnd : clockMinutes(day.slots[0]?.start ?? ADDED_DEFAULT_START);
  return clockTime(Math.min(start, DAY_MINUTES - minutes));
}

/** A day with an activity the parent added (locked, so planning again keeps it). */
export function addActivity(
  day: TPlanDay,
  activity: TActivity,
  childIds: readonly string[],
): TPlanDay {
  const minutes = Math.min(activity.duration, DAY_MINUTES);
  const item: TPlanItem = {
    start: startForAdded(day, minutes),
    minutes,
    activity,
    childIds: [...childIds],
    why: 'Added by you',
    locked: true,
  };
  const items = [...day.items, item].sort((x, y) => clockMinutes(x.start) - clockMinutes(y.start));
  return { ...day, items };
}

/** An item as a request keeps it. */
export function keptInput(date: string, item: TPlanItem): TPlanItemInput {
  return {
    date,
    start: item.start,
    activityId: item.activity.id,
    childIds: [...item.childIds],
    why: item.why,
    locked: item.locked,
  };
}

/** What `POST /planner` needs beyond the plan's own inputs to change it. */
export interface PlanChange {
  keep: TPlanItemInput[];
  avoid: string[];
}

/**
 * Swap one item for the next best: every other item stays, and the item's activity (with any it
 * replaced before, `alreadyAvoided`) is not planned again.
 */
export function swapChange(
  plan: Pick<TPlan, 'days'>,
  dayIndex: number,
  itemIndex: number,
  alreadyAvoided: readonly string[] = [],
): PlanChange {
  const swapped = plan.days[dayIndex]?.items[itemIndex];
  const keep = plan.days.flatMap((day, d) =>
    day.items
      .filter((_, i) => d !== dayIndex || i !== itemIndex)
      .map((item) => keptInput(day.date, item)),
  );
  const avoid = [...new Set([...alreadyAvoided, ...(swapped ? [swapped.activity.id] : [])])];
  return { keep, avoid };
}

/** Plan again around the locked items: the others are replaced by activities not yet in the plan. */
export function replanChange(plan: Pick<TPlan, 'days'>): PlanChange {
  const items = plan.days.flatMap((day) => day.items.map((item) => ({ date: day.date, item })));
  return {
    keep: items.filter(({ item }) => item.locked).map(({ date, item }) => keptInput(date, item)),
    avoid: items.filter(({ item }) => !item.locked).map(({ item }) => item.activity.id),
  };
}
