import type { TTokenSet } from '@kkb/core/auth/schemas';
import { refreshAccessToken } from '../../../lib/api-client';

/**
 * `POST /auth/refresh` with the httpOnly cookie: how a reloaded page finds its session again (the
 * access token lived in memory only). A failure means "signed out" and clears the session.
 */
export function restoreSession(): Promise<TTokenSet> {
  return refreshAccessToken();
}
