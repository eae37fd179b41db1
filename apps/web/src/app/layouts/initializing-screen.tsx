import { LoadingSpinner } from '../../components/feedback/loading-spinner';

/** Spec §2: the full-screen loader while the auth state (and the family profile) resolves. */
export function InitializingScreen() {
  return <LoadingSpinner fullScreen message="Initializing app..." />;
}
