import { describe, expect, it } from 'vitest';
import {
  elapsedMs,
  formatClock,
  minutesToRecord,
  pauseStopwatch,
  startStopwatch,
  STOPPED,
} from './stopwatch';
import { describePosition, movePosition, swipeDelta } from './theater-steps';

describe('stopwatch', () => {
  it('adds up running stretches and ignores paused time', () => {
    let watch = startStopwatch(STOPPED, 1_000);
    expect(elapsedMs(watch, 61_000)).toBe(60_000);
    watch = pauseStopwatch(watch, 61_000);
    expect(elapsedMs(watch, 500_000)).toBe(60_000);
    watch = startStopwatch(watch, 500_000);
    expect(startStopwatch(watch, 600_000)).toBe(watch);
    expect(elapsedMs(watch, 530_000)).toBe(90_000);
  });

  it('formats minutes and seconds, and hours from an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65_999)).toBe('1:05');
    expect(formatClock(3_725_000)).toBe('1:02:05');
  });

  it("records the timed minutes (at least 1, at most the limit) or else the activity's", () => {
    expect(minutesToRecord(0, 25, 600)).toBe(25);
    expect(minutesToRecord(20_000, 25, 600)).toBe(1);
    expect(minutesToRecord(7.6 * 60_000, 25, 600)).toBe(8);
    expect(minutesToRecord(900 * 60_000, 25, 600)).toBe(600);
  });
});

describe('theater steps', () => {
  it('runs from the materials through each step to the finish and stays within them', () => {
    expect(describePosition(0, 2)).toEqual({ kind: 'materials' });
    expect(describePosition(2, 2)).toEqual({ kind: 'step', index: 1 });
    expect(describePosition(3, 2)).toEqual({ kind: 'finish' });
    expect(movePosition(0, -1, 2)).toBe(0);
    expect(movePosition(3, 1, 2)).toBe(3);
    expect(movePosition(0, 1, 0)).toBe(1);
    expect(describePosition(1, 0)).toEqual({ kind: 'finish' });
  });

  it('reads a swipe as a page turn only when it is long and mostly sideways', () => {
    expect(swipeDelta(-80, 10)).toBe(1);
    expect(swipeDelta(80, -10)).toBe(-1);
    expect(swipeDelta(-40, 0)).toBe(0);
    expect(swipeDelta(-80, 120)).toBe(0);
  });
});
