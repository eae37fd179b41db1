import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { browserOffline } from './connectivity';
import { loadOnce } from './load-once';

export interface DeferredComponent<P extends object> {
  /** Render inside a Suspense boundary; its fallback shows until the chunk is in. */
  Component: LazyExoticComponent<ComponentType<P>>;
  /**
   * Starts fetching the chunk in a task of its own (call it after the first paint); a failure
   * shows on render.
   */
  preload: () => void;
}

/** Resolves at the browser's next `online` event. */
function backOnline(): Promise<void> {
  return new Promise((resolve) => {
    window.addEventListener('online', () => resolve(), { once: true });
  });
}

/**
 * A component in a chunk of its own, which the first paint does not wait for. A page that goes
 * offline before that chunk has arrived (before the service worker holds it) keeps the fallback
 * and fetches the chunk again once back online, rather than failing the page.
 */
export function deferredComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): DeferredComponent<P> {
  const attempt = (): Promise<ComponentType<P>> =>
    load().catch(async (error: unknown) => {
      if (!browserOffline()) throw error;
      await backOnline();
      return attempt();
    });
  // The next render may try again.
  const get = loadOnce(attempt);
  return {
    Component: lazy(async () => ({ default: await get() })),
    // A page mounting calls several preloads in the effects of one commit; each adds its chunk's
    // preload links and starts its import, and together they made that commit's task long.
    preload: () => {
      setTimeout(() => {
        get().catch(() => undefined);
      }, 0);
    },
  };
}
