// First: configures zod before any schema is created.
import '../lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hasSessionMarker } from '../lib/api-client';
import { App } from './app';
import { preloadPagesFor } from './router';

/**
 * Renders the app into `root`, or adopts the prerendered sign-in page there (with anything typed
 * into it meanwhile). Either as a transition, so React yields to the browser every few milliseconds
 * instead of holding the main thread until the whole page is done.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!root.hasChildNodes()) {
    startTransition(() => createRoot(root).render(app));
    return;
  }
  // The prerendered page's chunk first, so that hydration finds it loaded (see router.tsx).
  await preloadPagesFor(window.location.pathname, hasSessionMarker());
  startTransition(() => {
    hydrateRoot(root, app);
  });
}
