import type { QueryClient } from '@tanstack/react-query';

/**
 * Resolves once the page has loaded and no query has fetched for `quietMs`, so that work the page
 * does not show (the live event stream, answers fetched for later, the catalogue's download) does not compete with what it
 * shows first; never when `signal` aborts first.
 */
export function pageSettled(
  queryClient: QueryClient,
  quietMs: number,
  signal: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopWatching = () => {};
    const restart = () => {
      clearTimeout(timer);
      if (queryClient.isFetching() === 0) timer = setTimeout(done, quietMs);
    };
    const done = () => {
      stopWatching();
      resolve();
    };
    const watch = () => {
      stopWatching = queryClient.getQueryCache().subscribe(restart);
      restart();
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
