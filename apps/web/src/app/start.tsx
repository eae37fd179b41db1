import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { restoreDeviceCatalogue } from '../features/activities/api/held-catalogue';
import { restoreSession } from '../features/auth/api/refresh-session';
import { hasSessionMarker } from '../lib/api-client';
import { browserOffline } from '../lib/connectivity';
import { createQueryClient } from '../lib/query-client';
import { yieldToBrowser } from '../lib/yield-to-browser';
import { App } from './app';
import { preloadPagesFor } from './router';

/**
 * Renders the app into `root`, or adopts the prerendered sign-in page there (with anything typed
 * into it meanwhile). Both as a transition, which React works through a few milliseconds at a
 * time: a phone's main thread stays free to answer a tap while the page starts (Lighthouse's
 * total blocking time), instead of being held for the whole first render at once.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  // Running the scripts just loaded was one long task already.
  await yieldToBrowser();
  const queryClient = createQueryClient();
  // The catalogue the device holds comes back while the session does, so that the dashboard's
  // first question (below) is asked in the compact form.
  if (hasSessionMarker()) void restoreDeviceCatalogue(queryClient);
  // A reload of a signed-in page: its session is restored while the first render is worked out,
  // not after it (the auth provider finds it done, or waits for the same request). A failure is
  // the provider's to handle when it asks again.
  if (hasSessionMarker() && !browserOffline()) {
    const sessionRestored = restoreSession();
    sessionRestored.catch(() => undefined);
    // The dashboard's answers are asked for as the session comes back, not after the renders
    // that would otherwise ask for them one by one.
    if (window.location.pathname === '/dashboard') {
      import('../features/activities/api/prefetch-dashboard')
        .then(({ prefetchDashboard }) =>
          prefetchDashboard(queryClient, { search: window.location.search, sessionRestored }),
        )
        // Without its chunk the page asks for its answers itself (and shows the failure).
        .catch(() => undefined);
    }
  }
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  // The first pages' chunks load while the session is restored and the profile fetched.
  const pagesLoaded = preloadPagesFor(window.location.pathname, hasSessionMarker());
  if (!root.hasChildNodes()) {
    const appRoot = createRoot(root);
    startTransition(() => appRoot.render(app));
    return;
  }
  // The prerendered page's chunk first, so that hydration finds it loaded (see router.tsx).
  await pagesLoaded;
  startTransition(() => {
    hydrateRoot(root, app);
  });
}
