import { useEffect, useState } from 'react';

/**
 * Keeps the screen on while `active` (Screen Wake Lock API, where the browser has it). The
 * browser drops the lock whenever the page is hidden, so it is asked for again on return.
 * Returns whether the screen is being kept awake.
 */
export function useWakeLock(active: boolean): boolean {
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return undefined;
    let sentinel: WakeLockSentinel | null = null;
    let cancelled = false;

    const request = async () => {
      if (document.visibilityState !== 'visible' || (sentinel !== null && !sentinel.released)) {
        return;
      }
      try {
        const next = await navigator.wakeLock.request('screen');
        if (cancelled) {
          await next.release();
          return;
        }
        sentinel = next;
        setHeld(true);
        next.addEventListener('release', () => setHeld(false));
      } catch {
        // Refused (battery saver, no user gesture yet): the screen may dim; play goes on.
        setHeld(false);
      }
    };
    const onVisibility = () => void request();

    void request();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release();
    };
  }, [active]);

  return held;
}
