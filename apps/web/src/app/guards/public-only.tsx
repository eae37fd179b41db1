import type { TFamilyProfile } from '@kkb/core/family/schema';
import { isProfileComplete } from '@kkb/core/family/profile';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, type Location } from 'react-router';
import { useAuth } from '../../features/auth/components/use-auth';
import { useProfile } from '../../features/family/api/get-profile';
import { clearNewRegistration, isNewRegistration, pendingInviteToken } from '../../lib/storage';
import { NoCachedData } from '../../components/feedback/no-cached-data';
import { isServerUnreachable } from '../../lib/api-client';
import { isOfflineWithoutData } from '../../lib/offline-caches';
import { InitializingScreen } from '../layouts/initializing-screen';
import type { ReturnToState } from './require-auth';

function returnTo(location: Location): ReturnToState['from'] | null {
  const state: unknown = location.state;
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as ReturnToState).from;
  return typeof from?.pathname === 'string' ? from : null;
}

/** Spec §4: the new family's first stop; the flag is spent so this happens once. */
function StartSetup() {
  const navigate = useNavigate();
  useEffect(() => {
    clearNewRegistration();
    void navigate('/profile-setup', { replace: true });
  }, [navigate]);
  return <InitializingScreen />;
}

function needsSetup(profile: TFamilyProfile | null): boolean {
  return profile === null || !isProfileComplete(profile);
}

/**
 * `/`, `/login` and `/register` (spec §2, §4): an anonymous visitor stays. Someone who signed in
 * or registered to accept an invitation goes back to it (before any setup: joining brings a
 * family that is set up already). A signed-in parent with the new-registration flag and an
 * incomplete profile goes to /setup via /profile-setup; any other signed-in parent goes back where
 * they wanted to go before logging in, else to /dashboard.
 */
export function PublicOnly() {
  const auth = useAuth();
  const location = useLocation();
  const profile = useProfile({ enabled: auth.status === 'authenticated' });

  if (auth.status === 'anonymous') return <Outlet />;
  if (auth.status === 'loading' || profile.data === undefined) {
    return isOfflineWithoutData(profile) || isServerUnreachable(profile.error) ? (
      <NoCachedData fullPage />
    ) : (
      <InitializingScreen />
    );
  }
  const invite = pendingInviteToken();
  if (invite !== null) return <Navigate to={`/join/${encodeURIComponent(invite)}`} replace />;
  if (isNewRegistration() && needsSetup(profile.data)) return <StartSetup />;
  return <Navigate to={returnTo(location) ?? '/dashboard'} replace />;
}
