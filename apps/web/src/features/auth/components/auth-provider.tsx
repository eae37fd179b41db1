import type { TUser } from '@kkb/core/auth/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  getAccessToken,
  getSessionUser,
  hasSessionMarker,
  onSessionChange,
  type SessionEndReason,
} from '../../../lib/api-client';
import { getMeQueryOptions } from '../api/get-me';
import { restoreSession } from '../api/refresh-session';
import { AuthContext, type AuthState } from './use-auth';

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

/**
 * The one auth context. It follows the API client's session (login, registration, OAuth, silent
 * refresh, a failed refresh), and on start, when the server's session marker says there is a
 * sign-in, tries the refresh cookie so a reload keeps the parent signed in.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() => {
    const user = getSessionUser();
    if (user !== null) return stateFor(user);
    // No sign-in to restore: signed out at once, without asking /refresh.
    return hasSessionMarker() ? { status: 'loading', user: null } : stateFor(null);
  });
  const wasSignedIn = useRef(state.status === 'authenticated');

  useEffect(() => {
    const stopListening = onSessionChange((user, endReason) => {
      if (user !== null) queryClient.setQueryData(getMeQueryOptions().queryKey, user);
      // Another parent may sign in next on this device: nothing of this family may stay cached.
      else if (wasSignedIn.current) queryClient.clear();
      wasSignedIn.current = user !== null;
      setState(stateFor(user, endReason));
    });
    // A failed restore clears the session, which the listener turns into 'anonymous'.
    if (getAccessToken() === null && hasSessionMarker()) restoreSession().catch(() => undefined);
    return stopListening;
  }, [queryClient]);

  return <AuthContext value={state}>{children}</AuthContext>;
}
