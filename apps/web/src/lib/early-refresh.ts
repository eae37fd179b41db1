/**
 * The session's refresh, sent by the entry script (main.tsx) the moment it runs: the app's own
 * scripts, the largest of a visit, are still on their way then, and a signed-in page can do
 * nothing before the refresh has answered. The API client takes the answer over as its own
 * `POST /auth/refresh` (`takeEarlyRefresh`). This module is the entry's: it stays tiny.
 */

export const REFRESH_PATH = '/api/v1/auth/refresh';
/** The readable cookie the server keeps beside the httpOnly refresh cookie, for as long. */
export const SESSION_MARKER_COOKIE = 'kkb_session';

/**
 * Whether this browser holds a sign-in a refresh could restore. Without it, a page opened signed
 * out does not ask /refresh (its 401 would only be noise in the console).
 */
export function hasSessionMarker(): boolean {
  return document.cookie
    .split(';')
    .some((cookie) => cookie.trim() === `${SESSION_MARKER_COOKIE}=1`);
}

let sent: Promise<Response> | undefined;

/** Sends the refresh when there is a sign-in to restore and the browser is online. */
export function startEarlyRefresh(): void {
  if (!hasSessionMarker() || navigator.onLine === false) return;
  sent = fetch(REFRESH_PATH, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: '{}',
    credentials: 'same-origin',
  });
  // Its failure is reported by whoever takes it over.
  sent.catch(() => undefined);
}

/** The refresh the entry sent, once: the first restore of the session answers with it. */
export function takeEarlyRefresh(): Promise<Response> | undefined {
  const taken = sent;
  sent = undefined;
  return taken;
}
