import { useCallback, useEffect, useState } from 'react';
import { elapsedMs, pauseStopwatch, startStopwatch, STOPPED, type Stopwatch } from './stopwatch';

/** A stopwatch that re-renders every second while it runs. */
export function useStopwatch() {
  const [watch, setWatch] = useState<Stopwatch>(STOPPED);
  const [now, setNow] = useState(() => Date.now());
  const running = watch.startedAt !== null;

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);

  const start = useCallback(() => {
    const at = Date.now();
    setNow(at);
    setWatch((current) => startStopwatch(current, at));
  }, []);
  const pause = useCallback(() => {
    const at = Date.now();
    setNow(at);
    setWatch((current) => pauseStopwatch(current, at));
  }, []);
  const reset = useCallback(() => setWatch(STOPPED), []);

  return { elapsed: elapsedMs(watch, now), running, start, pause, reset };
}
