import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { restoreSession } from '../features/auth/api/refresh-session';
import { hasSessionMarker } from '../lib/api-client';
import { browserOffline } from '../lib/connectivity';
import { App } from './app';
import { preloadPagesFor } from './router';

/**
 * Renders the app into `root`, or adopts the prerendered sign-in page there (with anything typed
 * into it meanwhile).
 */
export async function startApp(root: HTMLElement): Promise<void> {
  // A reload of a signed-in page: its session is restored while the first render is worked out,
  // not after it (the auth provider finds it done, or waits for the same request). A failure is
  // the provider's to handle when it asks again.
  if (hasSessionMarker() && !browserOffline()) restoreSession().catch(() => undefined);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The first pages' chunks load while the session is restored and the profile fetched.
  const pagesLoaded = preloadPagesFor(window.location.pathname, hasSessionMarker());
  if (!root.hasChildNodes()) {
    createRoot(root).render(app);
    return;
  }
  // The prerendered page's chunk first, so that hydration finds it loaded (see router.tsx).
  await pagesLoaded;
  hydrateRoot(root, app);
}
