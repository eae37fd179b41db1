import type { TUser } from '@kkb/core/auth/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  getAccessToken,
  getRememberedUser,
  getSessionUser,
  hasSessionMarker,
  isServerUnreachable,
  onSessionChange,
  type SessionEndReason,
} from '../../../lib/api-client';
import { browserOffline, SERVER_REACHABILITY_EVENT } from '../../../lib/connectivity';
import { forgetFamilyCatalogue } from '../../../lib/device-catalogue';
import { clearDeviceDrafts } from '../../../lib/device-drafts';
import { clearSavedQueries } from '../../../lib/offline-caches';
import { clearQueue } from '../../../lib/offline-queue';
import { getMeQueryOptions } from '../api/get-me';
import { restoreSession } from '../api/refresh-session';
import { AuthContext, type AuthState } from './use-auth';

/** While the server cannot be reached, the restore is tried again after this, doubling to a minute. */
const FIRST_RESTORE_RETRY_MS = 5000;
const MAX_RESTORE_RETRY_MS = 60_000;

function stateFor(user: TUser | null, endReason?: SessionEndReason): AuthState {
  return user === null
    ? {
        status: 'anonymous',
        user: null,
        signedOut: endReason === 'signed-out' || endReason === 'account-deleted',
        accountDeleted: endReason === 'account-deleted',
      }
    : { status: 'authenticated', user };
}

function initialState(): AuthState {
  const user = getSessionUser();
  if (user !== null) return stateFor(user);
  // No sign-in to restore: signed out at once, without asking /refresh.
  if (!hasSessionMarker()) return stateFor(null);
  // Offline, a refresh cannot answer: the last known user at once, restored when back online.
  const remembered = getRememberedUser();
  if (remembered !== null && browserOffline()) return stateFor(remembered);
  return { status: 'loading', user: null };
}

/**
 * The one auth context. It follows the API client's session (login, registration, OAuth, silent
 * refresh, a refused refresh), and on start, when the server's session marker says there is a
 * sign-in, tries the refresh cookie so a reload keeps the parent signed in. A restore that cannot
 * reach the server (offline, the server restarting) is not a sign-out: the parent stays signed
 * in as the last known user, with the cached data, and the restore is tried again when the
 * connection or the server is back.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(initialState);
  const wasSignedIn = useRef(state.status === 'authenticated');

  useEffect(() => {
    const follow = (user: TUser | null, endReason?: SessionEndReason) => {
      if (user !== null) queryClient.setQueryData(getMeQueryOptions().queryKey, user);
      // Another parent may sign in next on this device: nothing of this family may stay cached
      // (the saved copy follows the cache), nor wait to be sent after a deliberate sign-out, nor
      // stay as an unsaved draft, nor stay among the activities it holds (its own ones; the
      // public built-in catalogue stays).
      else if (wasSignedIn.current) queryClient.clear();
      if (endReason === 'signed-out' || endReason === 'account-deleted') {
        clearDeviceDrafts();
        void Promise.all([clearQueue(), clearSavedQueries(), forgetFamilyCatalogue()]).catch(
          () => undefined,
        );
      }
      wasSignedIn.current = user !== null;
      setState(stateFor(user, endReason));
    };
    const stopListening = onSessionChange(follow);
    // The restore app/start.tsx began while the app loaded may have ended before this listened.
    const restored = getSessionUser();
    if (restored !== null) follow(restored);

    let stopped = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = FIRST_RESTORE_RETRY_MS;
    const restore = () => {
      clearTimeout(retryTimer);
      if (getAccessToken() !== null || !hasSessionMarker()) return;
      // Offline it cannot answer: the remembered user shows (initialState) and the restore waits
      // for the connection. A refresh sent anyway whose answer is lost in a patchy connection
      // would leave the server's next token unknown here, and the one kept here then reads as
      // reused: the sign-in would be revoked.
      if (browserOffline() && getRememberedUser() !== null) return;
      // A refused restore clears the session, which the listener turns into 'anonymous'.
      restoreSession().catch((error: unknown) => {
        if (stopped || !isServerUnreachable(error) || getAccessToken() !== null) return;
        const remembered = getRememberedUser();
        wasSignedIn.current = remembered !== null;
        setState((current) =>
          current.status === 'authenticated' ? current : stateFor(remembered),
        );
        if (!browserOffline()) {
          retryTimer = setTimeout(restore, retryDelay);
          retryDelay = Math.min(retryDelay * 2, MAX_RESTORE_RETRY_MS);
        }
      });
    };
    const onOnline = () => {
      retryDelay = FIRST_RESTORE_RETRY_MS;
      restore();
    };
    // Only a change counts: every call reports, the restore's own refresh included.
    let serverReachable = true;
    const onReachability = (event: Event) => {
      const reachable = (event as CustomEvent<boolean>).detail;
      if (reachable && !serverReachable) onOnline();
      serverReachable = reachable;
    };
    window.addEventListener('online', onOnline);
    window.addEventListener(SERVER_REACHABILITY_EVENT, onReachability);
    restore();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener(SERVER_REACHABILITY_EVENT, onReachability);
      stopListening();
    };
  }, [queryClient]);

  return <AuthContext value={state}>{children}</AuthContext>;
}
