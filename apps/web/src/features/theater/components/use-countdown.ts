import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown for one step: start it with a length, it re-renders each second and reports
 * `finished` once, when it reaches zero.
 */
export function useCountdown(onFinish: () => void) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return undefined;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= endsAt) {
        setEndsAt(null);
        onFinish();
      }
    };
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [endsAt, onFinish]);

  const start = useCallback((ms: number) => {
    const at = Date.now();
    setNow(at);
    setEndsAt(at + ms);
  }, []);
  const cancel = useCallback(() => setEndsAt(null), []);

  return {
    running: endsAt !== null,
    remaining: endsAt === null ? 0 : Math.max(0, endsAt - now),
    start,
    cancel,
  };
}
