import { isProfileComplete } from '@kkb/core/family/profile';
import { Navigate, Outlet } from 'react-router';
import { useProfile } from '../../features/family/api/get-profile';

/**
 * Framed pages other than /setup and /profile need a complete profile (a city and a child, spec
 * §4): until then the parent is sent to the setup wizard; once complete, never again. A missing
 * profile counts as incomplete, since the wizard is what creates its content.
 */
export function RequireCompleteProfile() {
  const { data: profile } = useProfile();
  if (profile == null || !isProfileComplete(profile)) return <Navigate to="/setup" replace />;
  return <Outlet />;
}
