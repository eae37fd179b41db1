import type { TTokenSet, TUser } from '@kkb/core/auth/schemas';
import { toAppError } from '@kkb/core/errors/app-error';
import type { TErrorKind } from '@kkb/core/errors/catalogue';
import { messageForKind } from '@kkb/core/errors/classify';
import {
  formatIdempotencyKey,
  IDEMPOTENCY_KEY_HEADER,
} from '@kkb/core/idempotency/idempotency-key';
import { reportServerReachable } from './connectivity';
import { hasSessionMarker, REFRESH_PATH, takeEarlyRefresh } from './early-refresh';
import { randomId } from './random-id';

/**
 * THE client of our API. Same-origin paths (no base URL), so it works behind the dev proxy and
 * when the server serves the built app. The access token lives in memory only; the refresh token
 * is an httpOnly cookie scoped to /api/v1/auth that the browser sends to /refresh and /logout.
 */

export { hasSessionMarker, REFRESH_PATH, SESSION_MARKER_COOKIE } from './early-refresh';
/** Spec §9: the token is refreshed 5 minutes before it expires. */
export const REFRESH_LEAD_MS = 5 * 60 * 1000;

/** A failed API call, normalised to the error catalogue of spec §8. */
export class ApiError extends Error {
  /** HTTP status; 0 when no answer came back (network failure, offline). */
  readonly status: number;
  readonly code: TErrorKind;
  readonly detail: string;

  constructor(init: { status: number; code: TErrorKind; detail: string; cause?: unknown }) {
    super(init.detail, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
  }
}

/**
 * Whether a failure says "the server could not be reached" rather than "the server refused": no
 * answer at all (offline, connection refused), or a gateway's answer for a server that is down.
 * Such a call may be tried again later; it is not a sign-out.
 */
export function isServerUnreachable(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 0 || [502, 503, 504].includes(error.status))
  );
}

/** Why a session ended: the parent chose to log out, or auth failed (refresh refused, 401). */
export type SessionEndReason = 'signed-out' | 'account-deleted' | 'auth-failed';

export type SessionListener = (user: TUser | null, endReason?: SessionEndReason) => void;

let accessToken: string | null = null;
let sessionUser: TUser | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshInFlight: Promise<TTokenSet> | null = null;
const sessionListeners = new Set<SessionListener>();

export function getAccessToken(): string | null {
  return accessToken;
}

/** Keeps the token in memory and, given its lifetime, schedules the silent refresh. */
export function setAccessToken(token: string | null, expiresInSeconds?: number): void {
  accessToken = token;
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  if (token !== null && expiresInSeconds !== undefined) {
    refreshTimer = setTimeout(() => {
      // A refused silent refresh has already cleared the session and told the listeners; one
      // that found no server leaves the expiring token, and the next call's 401 refreshes.
      refreshAccessToken().catch(() => undefined);
    }, refreshDelayMs(expiresInSeconds));
  }
}

/** When to refresh a token living `expiresInSeconds`: 5 minutes early, or halfway for short ones. */
export function refreshDelayMs(expiresInSeconds: number): number {
  const lifetimeMs = expiresInSeconds * 1000;
  return lifetimeMs > 2 * REFRESH_LEAD_MS ? lifetimeMs - REFRESH_LEAD_MS : lifetimeMs / 2;
}

/** The signed-in user of the current token set, or null when signed out. */
export function getSessionUser(): TUser | null {
  return sessionUser;
}

/** Where the last signed-in user is kept, for a page opened while the server cannot be reached. */
export const REMEMBERED_USER_KEY = 'kkb:session-user';

/**
 * The user of the sign-in this browser holds (the session marker), as last seen: what an app
 * opened offline shows until the session can be restored. Null without a sign-in to restore.
 */
export function getRememberedUser(): TUser | null {
  if (!hasSessionMarker()) return null;
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null');
    return isStoredUser(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** What this app wrote with `rememberUser`, and not something else found under its key. */
function isStoredUser(value: unknown): value is TUser {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, email } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' && typeof email === 'string';
}

function rememberUser(user: TUser | null): void {
  try {
    if (user === null) localStorage.removeItem(REMEMBERED_USER_KEY);
    else localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
  } catch {
    // Without storage an app opened offline cannot show who was signed in; it asks to sign in.
  }
}

/** Signs in with a token set from login, registration, refresh or an OAuth exchange. */
export function startSession(tokens: TTokenSet): void {
  setAccessToken(tokens.access_token, tokens.expires_in);
  sessionUser = tokens.user;
  rememberUser(tokens.user);
  for (const listener of sessionListeners) listener(tokens.user);
}

/** The signed-in user changed their account (their name): the session and its listeners follow. */
export function updateSessionUser(user: TUser): void {
  if (sessionUser === null || sessionUser.id !== user.id) return;
  sessionUser = user;
  rememberUser(user);
  for (const listener of sessionListeners) listener(user);
}

/** Forgets the access token and the user, and tells the listeners the parent is signed out. */
export function clearSession(reason: SessionEndReason = 'auth-failed'): void {
  setAccessToken(null);
  sessionUser = null;
  rememberUser(null);
  for (const listener of sessionListeners) listener(null, reason);
}

/** Called with the user on every new token set, and with null when auth is cleared. */
export function onSessionChange(listener: SessionListener): () => void {
  sessionListeners.add(listener);
  return () => {
    sessionListeners.delete(listener);
  };
}

/**
 * `POST /auth/refresh` with the cookie. Concurrent callers share one request, because each refresh
 * rotates the refresh token and a second use of the old one would revoke the whole login. A
 * refused refresh ends the session; one that could not reach the server does not (offline, or
 * the server restarting): the sign-in is still there to restore once it answers again.
 */
export function refreshAccessToken(): Promise<TTokenSet> {
  refreshInFlight ??= (async () => {
    try {
      const tokens = await request<TTokenSet>('POST', REFRESH_PATH, {
        body: {},
        authRetry: false,
        sent: takeEarlyRefresh(),
      });
      startSession(tokens);
      return tokens;
    } catch (error) {
      if (!isServerUnreachable(error)) clearSession();
      throw error;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

export interface RequestOptions {
  /** JSON, or the bytes of a file (a Blob, sent with its own type). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Whether a 401 means "token expired: refresh and retry once". False for the auth calls whose
   * 401 means wrong credentials or no session (login, refresh).
   */
  authRetry?: boolean;
  /** This very call, already sent (the entry's refresh, lib/early-refresh.ts): its answer is used. */
  sent?: Promise<Response>;
  /**
   * The ETag of the answer the caller holds (`If-None-Match`): when it is still current the
   * server answers 304, and the call resolves to undefined.
   */
  ifNoneMatch?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The methods of the server's creates, which honour an `Idempotency-Key` (uploads are PUTs). */
const CREATING_METHODS: ReadonlySet<Method> = new Set(['POST', 'PUT']);

/** One call as sent: its options and, for a create, the key that names it. */
interface Call extends RequestOptions {
  idempotencyKey?: string;
}

async function send(method: Method, path: string, options: Call): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  const { body } = options;
  if (body instanceof Blob) headers.set('Content-Type', body.type || 'application/octet-stream');
  else if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (accessToken !== null) headers.set('Authorization', `Bearer ${accessToken}`);
  if (options.ifNoneMatch !== undefined) headers.set('If-None-Match', options.ifNoneMatch);
  if (options.idempotencyKey !== undefined) {
    headers.set(IDEMPOTENCY_KEY_HEADER, formatIdempotencyKey(options.idempotencyKey));
  }
  try {
    const response = await (options.sent ??
      fetch(path, {
        method,
        headers,
        body: body === undefined || body instanceof Blob ? body : JSON.stringify(body),
        credentials: 'same-origin',
        signal: options.signal,
      }));
    reportServerReachable(true);
    return response;
  } catch (error) {
    // Cancellation (TanStack Query, unmounts) is not a failure of the API.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportServerReachable(false);
    const info = toAppError(error, { isOffline: !navigator.onLine });
    throw new ApiError({ status: 0, code: info.kind, detail: info.message, cause: error });
  }
}

/** A failed answer as spec §8 classifies it: our `{detail, code}` body, else by its status. */
async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const info = toAppError(body ?? response.statusText, { status: response.status });
  return new ApiError({ status: response.status, code: info.kind, detail: info.message });
}

/** Sends, refreshing the access token and retrying once on 401; a failed answer throws. */
async function sendSignedIn(method: Method, path: string, options: Call): Promise<Response> {
  let response = await send(method, path, options);
  if (response.status === 401 && options.authRetry !== false) {
    await refreshAccessToken();
    response = await send(method, path, options);
    if (response.status === 401) {
      clearSession();
      throw await toApiError(response);
    }
  }
  if (!response.ok && response.status !== 304) throw await toApiError(response);
  return response;
}

/**
 * A call's JSON answer, typed by the caller with core's type of that answer. It is not parsed
 * through core's schema again here: the server has already sent it through that very schema (its
 * response serializer), and schema code on the first route would double the scripts a phone
 * fetches and runs before a parent can sign in.
 */
async function request<T>(method: Method, path: string, options: RequestOptions): Promise<T> {
  // Every create carries a fresh key, the same on this call's own retry after a refreshed token,
  // so that the server does it once however often it arrives (routes that create nothing
  // ignore it).
  const call: Call = CREATING_METHODS.has(method)
    ? { ...options, idempotencyKey: randomId() }
    : options;
  const response = await sendSignedIn(method, path, call);
  // No content: a 204, a 304 (what `ifNoneMatch` names is current), or an answer documented as
  // empty (202 Accepted) with no body.
  if (
    response.status === 204 ||
    response.status === 304 ||
    response.headers.get('content-length') === '0'
  ) {
    return undefined as T;
  }
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw new ApiError({
      status: response.status,
      code: 'UNKNOWN_ERROR',
      detail: messageForKind('UNKNOWN_ERROR'),
      cause: error,
    });
  }
}

export function apiGet<T>(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
  return request('GET', path, options);
}

export function apiPost<T = void>(
  path: string,
  body: unknown,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<T> {
  return request('POST', path, { ...options, body });
}

export function apiPut<T>(
  path: string,
  body: unknown,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<T> {
  return request('PUT', path, { ...options, body });
}

export function apiPatch<T>(
  path: string,
  body: unknown,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<T> {
  return request('PATCH', path, { ...options, body });
}

export function apiDelete<T = void>(path: string, options: RequestOptions = {}): Promise<T> {
  return request('DELETE', path, options);
}

/** A file the API answers with, and the name its Content-Disposition gives it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** `GET` of a file (not JSON), signed in like every other call. */
export async function apiDownload(path: string): Promise<DownloadedFile> {
  const response = await sendSignedIn('GET', path, {});
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

/** The message to show a parent for any failure of a call. */
export function describeError(error: unknown): string {
  return error instanceof ApiError ? error.detail : messageForKind('UNKNOWN_ERROR');
}
