import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider } from '../../features/auth/components/auth-provider';
import { useAuth } from '../../features/auth/components/use-auth';
import { useProfile } from '../../features/family/api/get-profile';
import { clearSession, isServerUnreachable } from '../../lib/api-client';
import { deferredComponent } from '../../lib/deferred-component';
import { LiveUpdates } from '../live-updates/live-updates';
import { KeptPages } from '../offline-sync/kept-pages';
import { OfflineSync } from '../offline-sync/offline-sync';
import { InitializingScreen } from './initializing-screen';

/** What the device keeps for a signed-in parent: background work, in a chunk of its own. */
const deviceData = deferredComponent(
  async () => (await import('../device-data/device-data')).DeviceData,
);

/**
 * Spec §4 auth states: while the start-up refresh runs, only the initializing loader shows. Once
 * signed in, the family profile loads with the user; a failure to load it clears auth (a missing
 * profile is not a failure: it reads as null, and a server out of reach is no answer at all).
 */
function AuthGate() {
  const auth = useAuth();
  const profile = useProfile({ enabled: auth.status === 'authenticated' });
  const profileFailed = profile.isError && !isServerUnreachable(profile.error);

  useEffect(() => {
    if (profileFailed) clearSession();
  }, [profileFailed]);

  if (auth.status === 'loading') return <InitializingScreen />;
  return (
    <>
      <LiveUpdates />
      <OfflineSync />
      <KeptPages />
      {auth.status === 'authenticated' && (
        <Suspense fallback={null}>
          <deviceData.Component />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}

/** The root route: the auth context around every page, inside the router so pages can navigate. */
export function RootLayout() {
  return (
    <AuthProvider>
      <AuthGate />
    </AuthProvider>
  );
}
