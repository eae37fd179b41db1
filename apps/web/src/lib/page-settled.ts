import type { QueryClient } from '@tanstack/react-query';

/**
 * Resolves once the page has loaded and no query has fetched for `quietMs`, so that work the page
 * does not show (the live event stream, answers fetched for later, the catalogue's download) does
 * not compete with what it shows first; never when `signal` aborts first.
 *
 * A page mounting sends the query cache thousands of events (every observer added and updated):
 * each only notes the time of a change, and one timer looks at the cache when the quiet time may
 * have passed. Restarting a timer and counting the fetching queries on every event made a long
 * task of its own on a returning parent's dashboard.
 */
export function pageSettled(
  queryClient: QueryClient,
  quietMs: number,
  signal: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastChangeAt = 0;
    let stopWatching = () => {};
    const checkAfter = (delayMs: number) => {
      timer = setTimeout(check, delayMs);
    };
    const check = () => {
      // A fetch in flight ends with an update, which moves lastChangeAt: the quiet time counts
      // from then.
      const quietFor = Date.now() - lastChangeAt;
      if (queryClient.isFetching() > 0) checkAfter(quietMs);
      else if (quietFor < quietMs) checkAfter(quietMs - quietFor);
      else {
        stopWatching();
        resolve();
      }
    };
    const watch = () => {
      stopWatching = queryClient.getQueryCache().subscribe((event) => {
        // Whether a query fetches changes only with an update (or its removal).
        if (event.type === 'updated' || event.type === 'removed') lastChangeAt = Date.now();
      });
      lastChangeAt = Date.now();
      checkAfter(quietMs);
    };
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      stopWatching();
      window.removeEventListener('load', watch);
    });
    if (document.readyState === 'complete') watch();
    else window.addEventListener('load', watch, { once: true });
  });
}
