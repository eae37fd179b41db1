/**
 * Where the theater is in an activity: the materials checklist, one instruction, or the finish.
 * Positions run 0 (materials) .. stepCount (last instruction) .. stepCount + 1 (finish), so an
 * activity without instructions goes straight from its materials to the finish.
 */
export type TheaterPosition =
  { kind: 'materials' } | { kind: 'step'; index: number } | { kind: 'finish' };

export function lastPosition(stepCount: number): number {
  return stepCount + 1;
}

/** The position after a move of `delta`, kept within the materials and the finish. */
export function movePosition(position: number, delta: number, stepCount: number): number {
  return Math.min(Math.max(position + delta, 0), lastPosition(stepCount));
}

export function describePosition(position: number, stepCount: number): TheaterPosition {
  if (position <= 0) return { kind: 'materials' };
  if (position > stepCount) return { kind: 'finish' };
  return { kind: 'step', index: position - 1 };
}

/** A horizontal swipe of at least this many CSS pixels turns the page. */
export const SWIPE_DISTANCE = 60;

/**
 * The move a swipe means: leftwards is next (+1), rightwards previous (-1), anything shorter or
 * more vertical than horizontal is no move (0), so scrolling a long step never turns the page.
 */
export function swipeDelta(dx: number, dy: number): number {
  if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
