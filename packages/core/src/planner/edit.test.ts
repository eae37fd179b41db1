import { describe, expect, it } from 'vitest';
import { makeActivity } from '../activities/test-activity.ts';
import { addActivity, moveItem, replanChange, startForAdded, swapChange } from './edit.ts';
import type { TPlanDay, TPlanItem } from './schema.ts';
import { makeForecast } from './test-fixtures.ts';

const item = (id: string, start: string, minutes: number, locked = false): TPlanItem => ({
  start,
  minutes,
  activity: makeActivity({ id, duration: minutes }),
  childIds: ['ada'],
  why: `why ${id}`,
  locked,
});

const day = (date: string, items: TPlanItem[], slots = [{ start: '09:00', minutes: 120 }]) =>
  ({ date, forecast: makeForecast(date), slots, items }) satisfies TPlanDay;

const times = (items: TPlanItem[]) => items.map((i) => `${i.activity.id}@${i.start}`);

describe('reordering a day', () => {
  it('back-to-back items change places and stay back to back', () => {
    const items = [item('a', '09:00', 30), item('b', '09:30', 20), item('c', '09:50', 10)];
    expect(times(moveItem(items, 1, -1))).toEqual(['b@09:00', 'a@09:20', 'c@09:50']);
    expect(times(moveItem(items, 0, 1))).toEqual(['b@09:00', 'a@09:20', 'c@09:50']);
  });

  it('items apart keep their two starts; what follows moves on when the later one grew', () => {
    const items = [item('a', '09:00', 45), item('b', '15:00', 10), item('c', '15:10', 20)];
    expect(times(moveItem(items, 1, -1))).toEqual(['b@09:00', 'a@15:00', 'c@15:45']);
  });

  it('the first cannot move earlier, nor the last later', () => {
    const items = [item('a', '09:00', 30), item('b', '09:30', 20)];
    expect(moveItem(items, 0, -1)).toEqual(items);
    expect(moveItem(items, 1, 1)).toEqual(items);
  });
});

describe('adding an activity from browse', () => {
  it('goes into the first gap of the windows that holds it', () => {
    const d = day('2026-05-16', [item('a', '09:00', 30), item('b', '10:00', 30)]);
    expect(startForAdded(d, 30)).toBe('09:30');
    expect(startForAdded(d, 45)).toBe('10:30');
  });

  it('after the last item when no window has room, else at the first window (10:00 without)', () => {
    const full = day('2026-05-16', [item('a', '09:00', 120)]);
    expect(startForAdded(full, 30)).toBe('11:00');
    expect(startForAdded(day('2026-05-16', [], []), 30)).toBe('10:00');
    expect(startForAdded(day('2026-05-16', [item('z', '23:00', 60)], []), 90)).toBe('22:30');
  });

  it('is locked, says the parent added it, and takes its place in time order', () => {
    const d = day('2026-05-16', [item('a', '09:00', 30), item('b', '10:00', 30)]);
    const added = addActivity(d, makeActivity({ id: 'new', duration: 20 }), ['ada']);
    expect(times(added.items)).toEqual(['a@09:00', 'new@09:30', 'b@10:00']);
    expect(added.items[1]).toMatchObject({ why: 'Added by you', locked: true, minutes: 20 });
  });
});

describe('changing a plan through the planner', () => {
  const plan = {
    days: [
      day('2026-05-16', [item('a', '09:00', 30, true), item('b', '09:30', 30)]),
      day('2026-05-17', [item('c', '09:00', 30)]),
    ],
  };

  it('a swap keeps every other item and avoids the swapped activity and those swapped before', () => {
    const change = swapChange(plan, 0, 1, ['old']);
    expect(change.avoid).toEqual(['old', 'b']);
    expect(change.keep.map((k) => [k.date, k.activityId, k.locked])).toEqual([
      ['2026-05-16', 'a', true],
      ['2026-05-17', 'c', false],
    ]);
  });

  it('planning again keeps the locked items and replaces the others', () => {
    const change = replanChange(plan);
    expect(change.keep.map((k) => k.activityId)).toEqual(['a']);
    expect(change.avoid).toEqual(['b', 'c']);
  });
});
