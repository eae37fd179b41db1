/** A pausable stopwatch as data: time run before the last start, and when it was started. */
export interface Stopwatch {
  accumulatedMs: number;
  /** Epoch milliseconds of the running stretch's start; null while paused. */
  startedAt: number | null;
}

export const STOPPED: Stopwatch = { accumulatedMs: 0, startedAt: null };

export function startStopwatch(watch: Stopwatch, now: number): Stopwatch {
  return watch.startedAt === null ? { ...watch, startedAt: now } : watch;
}

export function pauseStopwatch(watch: Stopwatch, now: number): Stopwatch {
  return watch.startedAt === null
    ? watch
    : { accumulatedMs: elapsedMs(watch, now), startedAt: null };
}

export function elapsedMs(watch: Stopwatch, now: number): number {
  return watch.accumulatedMs + (watch.startedAt === null ? 0 : Math.max(0, now - watch.startedAt));
}

/** "m:ss" (or "h:mm:ss" from an hour) of whole seconds. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/**
 * The minutes to prefill in "Mark as done": the timed minutes rounded, at least 1; the
 * activity's own duration when the timer was never used.
 */
export function minutesToRecord(ms: number, activityMinutes: number, maxMinutes: number): number {
  if (ms < 1000) return activityMinutes;
  return Math.min(maxMinutes, Math.max(1, Math.round(ms / 60_000)));
}
