import { describe, expect, it } from 'vitest';
import { isPlanItemDone } from './done.ts';

const BERLIN = 'Europe/Berlin';
/** A weekend plan made on Thursday morning. */
const PLANNED_AT = '2026-05-14T08:00:00.000Z';
const SATURDAY = { date: '2026-05-16' };

describe('issue 29: a planned activity counts as done', () => {
  it('when it was done on its day', () => {
    expect(isPlanItemDone('2026-05-16T15:00:00.000Z', SATURDAY, PLANNED_AT, BERLIN)).toBe(true);
  });

  it('on its day in the family’s time zone, not UTC’s', () => {
    // 23:30 UTC on Friday is already Saturday in Berlin.
    expect(
      isPlanItemDone('2026-05-15T23:30:00.000Z', SATURDAY, '2026-05-16T00:00:00.000Z', BERLIN),
    ).toBe(true);
    expect(
      isPlanItemDone('2026-05-15T23:30:00.000Z', SATURDAY, '2026-05-16T00:00:00.000Z', 'UTC'),
    ).toBe(false);
  });

  it('when it was played ahead of its day, or after it, since the plan was made', () => {
    expect(isPlanItemDone('2026-05-14T16:00:00.000Z', SATURDAY, PLANNED_AT, BERLIN)).toBe(true);
    expect(isPlanItemDone('2026-05-18T09:00:00.000Z', SATURDAY, PLANNED_AT, BERLIN)).toBe(true);
  });

  it('not when it was last done before the plan was made, on another day, or never', () => {
    expect(isPlanItemDone('2026-05-13T16:00:00.000Z', SATURDAY, PLANNED_AT, BERLIN)).toBe(false);
    expect(isPlanItemDone(null, SATURDAY, PLANNED_AT, BERLIN)).toBe(false);
  });
});
