import type { TUser } from '@kkb/core/auth/schemas';
import { createContext, useContext } from 'react';

/** Spec §4: loading, then authenticated or anonymous. */
export type AuthState =
  | { status: 'loading'; user: null }
  | {
      status: 'anonymous';
      user: null;
      /** True after a deliberate logout: nothing to return to after the next login. */
      signedOut: boolean;
      /** True right after the parent deleted their account: the login page says so. */
      accountDeleted?: boolean;
    }
  | { status: 'authenticated'; user: TUser };

export const AuthContext = createContext<AuthState | null>(null);

/** The auth state of the app; only inside `AuthProvider`. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (state === null) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}
