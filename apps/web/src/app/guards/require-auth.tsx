import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../features/auth/components/use-auth';
import { useFamily } from '../../features/family/api/get-family';
import { useProfile } from '../../features/family/api/get-profile';
import { NoCachedData } from '../../components/feedback/no-cached-data';
import { isServerUnreachable } from '../../lib/api-client';
import { isOfflineWithoutData } from '../../lib/offline-caches';
import { InitializingScreen } from '../layouts/initializing-screen';

/** What the login page returns to once the parent has signed in. */
export interface ReturnToState {
  from: { pathname: string; search: string; hash: string };
}

/**
 * Signed-in-only routes (spec §2): an anonymous visitor goes to /login, remembering where they
 * wanted to go. Signed-in pages render once the family profile and its members have loaded (or
 * come from the offline cache), so the pages, the complete-profile rule below and the controls
 * shown by role can rely on them.
 */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  const profile = useProfile({ enabled: auth.status === 'authenticated' });
  const family = useFamily({ enabled: auth.status === 'authenticated' });
  // The page appears in a background render React works through in slices: the answers that
  // complete it come through an external store, whose updates React otherwise renders at once,
  // holding a phone's main thread for the whole page.
  const loaded = profile.data !== undefined && family.data !== undefined;
  const shown = useDeferredValue(loaded);

  if (auth.status === 'anonymous') {
    const state: ReturnToState | null = auth.signedOut
      ? null
      : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  if (auth.status === 'loading') return <InitializingScreen />;
  // Offline, what was cached shows; with nothing cached, the pages have nothing to stand on.
  if (!loaded || !shown) {
    const waiting = [profile, family].some(
      (query) => isOfflineWithoutData(query) || isServerUnreachable(query.error),
    );
    return waiting ? <NoCachedData fullPage /> : <InitializingScreen />;
  }
  return <Outlet />;
}
