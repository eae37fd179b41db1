import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser, tokenSet } from '../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../test/fake-fetch';
import {
  ApiError,
  apiGet,
  apiPost,
  clearSession,
  getAccessToken,
  getRememberedUser,
  onSessionChange,
  refreshAccessToken,
  REMEMBERED_USER_KEY,
  startSession,
} from './api-client';
import { SERVER_REACHABILITY_EVENT } from './connectivity';
import { startEarlyRefresh } from './early-refresh';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

afterEach(() => {
  clearSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('silent refresh (spec §9: 5 minutes before the 3600 s expiry)', () => {
  it('refreshes through the cookie 3300 s after sign-in, not earlier', async () => {
    vi.useFakeTimers();
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet('access-2')));
    startSession(tokenSet('access-1', 3600));

    await vi.advanceTimersByTimeAsync(3300 * 1000 - 1);
    expect(server.requestsTo('POST /api/v1/auth/refresh')).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    const refreshes = server.requestsTo('POST /api/v1/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(server.fetch.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
    expect(getAccessToken()).toBe('access-2');
  });

  it('schedules the next refresh from the new token set', async () => {
    vi.useFakeTimers();
    server.on(
      'POST /api/v1/auth/refresh',
      () => jsonResponse(200, tokenSet('access-2')),
      () => jsonResponse(200, tokenSet('access-3')),
    );
    startSession(tokenSet('access-1'));
    await vi.advanceTimersByTimeAsync(2 * 3300 * 1000);
    expect(server.requestsTo('POST /api/v1/auth/refresh')).toHaveLength(2);
    expect(getAccessToken()).toBe('access-3');
  });

  it('a failed silent refresh clears auth and tells the listeners', async () => {
    vi.useFakeTimers();
    server.on('POST /api/v1/auth/refresh', () =>
      jsonResponse(401, { detail: 'Please log in to continue', code: 'AUTHENTICATION_REQUIRED' }),
    );
    const listener = vi.fn();
    const stop = onSessionChange(listener);
    startSession(tokenSet());
    await vi.advanceTimersByTimeAsync(3300 * 1000);
    expect(getAccessToken()).toBeNull();
    expect(listener).toHaveBeenLastCalledWith(null, 'auth-failed');
    stop();
  });
});

describe('a refresh that cannot reach the server (offline, a restart) is not a sign-out', () => {
  it.each([
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'a 503 from the proxy',
      () => jsonResponse(503, { detail: 'Down', code: 'SERVICE_UNAVAILABLE' }),
    ],
  ])('%s: the session and the remembered user stay', async (_name, failure) => {
    document.cookie = 'kkb_session=1; path=/';
    startSession(tokenSet());
    server.on('POST /api/v1/auth/refresh', failure);
    const listener = vi.fn();
    const stop = onSessionChange(listener);
    await expect(refreshAccessToken()).rejects.toBeInstanceOf(ApiError);
    expect(listener).not.toHaveBeenCalled();
    expect(getRememberedUser()).toEqual(testUser);
    stop();
  });

  it('a refused refresh does end it, and forgets the user', async () => {
    document.cookie = 'kkb_session=1; path=/';
    startSession(tokenSet());
    server.on('POST /api/v1/auth/refresh', () =>
      jsonResponse(401, { detail: 'Please log in to continue', code: 'AUTHENTICATION_REQUIRED' }),
    );
    await expect(refreshAccessToken()).rejects.toBeInstanceOf(ApiError);
    expect(getRememberedUser()).toBeNull();
    expect(localStorage.getItem(REMEMBERED_USER_KEY)).toBeNull();
  });

  it('the remembered user needs the session marker: without a sign-in to restore, there is none', () => {
    startSession(tokenSet());
    document.cookie = 'kkb_session=; max-age=0; path=/';
    expect(getRememberedUser()).toBeNull();
  });
});

describe('refresh de-duplication', () => {
  it('concurrent refreshes share one request', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.on(
      'POST /api/v1/auth/refresh',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const first = refreshAccessToken();
    const second = refreshAccessToken();
    answer(jsonResponse(200, tokenSet('access-2')));
    await expect(first).resolves.toMatchObject({ access_token: 'access-2' });
    await expect(second).resolves.toMatchObject({ access_token: 'access-2' });
    expect(server.requestsTo('POST /api/v1/auth/refresh')).toHaveLength(1);
  });

  it('two requests that both get 401 trigger a single refresh', async () => {
    startSession(tokenSet('expired'));
    server.on('GET /api/v1/auth/me', (request) =>
      request.headers.get('Authorization') === 'Bearer fresh'
        ? jsonResponse(200, testUser)
        : jsonResponse(401, { detail: 'expired', code: 'TOKEN_EXPIRED' }),
    );
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet('fresh')));
    const results = await Promise.all([apiGet('/api/v1/auth/me'), apiGet('/api/v1/auth/me')]);
    expect(results).toEqual([testUser, testUser]);
    expect(server.requestsTo('POST /api/v1/auth/refresh')).toHaveLength(1);
  });
});

describe('the refresh the entry sends before the app has loaded (lib/early-refresh.ts)', () => {
  afterEach(() => {
    document.cookie = 'kkb_session=; path=/; max-age=0';
  });

  it('is the first restore of the session: one POST /refresh in all, and its tokens are used', async () => {
    document.cookie = 'kkb_session=1; path=/';
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet('access-early')));
    startEarlyRefresh();
    expect(server.requestsTo('POST /api/v1/auth/refresh')).toHaveLength(1);
    await expect(refreshAccessToken()).resolves.toMatchObject({ access_token: 'access-early' });
    expect(getAccessToken()).toBe('access-early');
    expect(server.requestsTo('POST /api/v1/auth/refresh')).toHaveLength(1);
    // Taken once: the next refresh asks the server again.
    await refreshAccessToken();
    expect(server.requestsTo('POST /api/v1/auth/refresh')).toHaveLength(2);
  });

  it('a refused one ends the session as a refused refresh does', async () => {
    document.cookie = 'kkb_session=1; path=/';
    server.on('POST /api/v1/auth/refresh', () =>
      jsonResponse(401, { detail: 'Session expired', code: 'AUTH_ERROR' }),
    );
    startEarlyRefresh();
    await expect(refreshAccessToken()).rejects.toBeInstanceOf(ApiError);
    expect(getAccessToken()).toBeNull();
  });

  it('is not sent without a sign-in to restore', () => {
    startEarlyRefresh();
    expect(server.fetch).not.toHaveBeenCalled();
  });
});

describe('401 handling', () => {
  it('401 -> refresh -> one retry with the new token -> success', async () => {
    startSession(tokenSet('expired'));
    server.on(
      'GET /api/v1/auth/me',
      () => jsonResponse(401, { detail: 'expired', code: 'TOKEN_EXPIRED' }),
      () => jsonResponse(200, testUser),
    );
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet('fresh')));

    await expect(apiGet('/api/v1/auth/me')).resolves.toEqual(testUser);
    const calls = server.requestsTo('GET /api/v1/auth/me');
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer expired',
      'Bearer fresh',
    ]);
  });

  it('401 again after the retry clears auth and fails with the API error', async () => {
    startSession(tokenSet('expired'));
    const listener = vi.fn();
    const stop = onSessionChange(listener);
    server.on('GET /api/v1/auth/me', () =>
      jsonResponse(401, { detail: 'Please log in to continue', code: 'AUTHENTICATION_REQUIRED' }),
    );
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet('fresh')));

    const failure = apiGet('/api/v1/auth/me');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 401,
      code: 'AUTHENTICATION_REQUIRED',
      detail: 'Please log in to continue',
    });
    expect(server.requestsTo('GET /api/v1/auth/me')).toHaveLength(2);
    expect(getAccessToken()).toBeNull();
    expect(listener).toHaveBeenLastCalledWith(null, 'auth-failed');
    stop();
  });

  it('a failed refresh clears auth without retrying the request', async () => {
    startSession(tokenSet('expired'));
    server.on('GET /api/v1/auth/me', () =>
      jsonResponse(401, { detail: 'expired', code: 'TOKEN_EXPIRED' }),
    );
    server.on('POST /api/v1/auth/refresh', () =>
      jsonResponse(401, { detail: 'Please log in to continue', code: 'AUTHENTICATION_REQUIRED' }),
    );
    await expect(apiGet('/api/v1/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(server.requestsTo('GET /api/v1/auth/me')).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
  });
});

describe('bodies', () => {
  it('sends a Blob as its raw bytes with its own type, and anything else as JSON', async () => {
    server.on('POST /api/v1/raw', () => jsonResponse(201, { ok: true }));
    startSession(tokenSet('access-1'));
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await apiPost('/api/v1/raw', png);
    await apiPost('/api/v1/raw', new Blob([new Uint8Array([1, 2])]));
    await apiPost('/api/v1/raw', { a: 1 });
    const [bytes, untyped, json] = server.fetch.mock.calls.map(([, init]) => init);
    expect(bytes?.body).toBe(png);
    expect(new Headers(bytes?.headers).get('Content-Type')).toBe('image/png');
    expect(new Headers(bytes?.headers).get('Authorization')).toBe('Bearer access-1');
    expect(new Headers(untyped?.headers).get('Content-Type')).toBe('application/octet-stream');
    expect(json?.body).toBe('{"a":1}');
    expect(new Headers(json?.headers).get('Content-Type')).toBe('application/json');
  });
});

describe('errors', () => {
  it('carries the server {detail, code} as status, code and detail', async () => {
    server.on('GET /api/v1/profile', () =>
      jsonResponse(409, {
        detail: 'An account with this email already exists',
        code: 'VALIDATION_ERROR',
      }),
    );
    await expect(apiGet('/api/v1/profile')).rejects.toMatchObject({
      status: 409,
      code: 'VALIDATION_ERROR',
      detail: 'An account with this email already exists',
    });
  });

  it('a network failure becomes a NETWORK_ERROR with status 0 (spec §8)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiGet('/api/v1/health')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      detail: 'Network connection failed. Please check your internet connection',
    });
  });

  it('tells the connectivity store whether the server answered', async () => {
    const reports: boolean[] = [];
    const record = (event: Event) => reports.push((event as CustomEvent<boolean>).detail);
    window.addEventListener(SERVER_REACHABILITY_EVENT, record);
    try {
      server.on('GET /api/v1/health', () => jsonResponse(503, {}));
      await apiGet('/api/v1/health').catch(() => undefined);
      vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
      await apiGet('/api/v1/health').catch(() => undefined);
      // Any answer, an error status included, means the server is reachable.
      expect(reports).toEqual([true, false]);
    } finally {
      window.removeEventListener(SERVER_REACHABILITY_EVENT, record);
    }
  });

  it('an answer without our error body is classified by its status (spec §8)', async () => {
    server.on('GET /api/v1/health', () => new Response('<html>', { status: 503 }));
    await expect(apiGet('/api/v1/health')).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('an answer without a body (202 Accepted, as the document says) is no data, not an error', async () => {
    server.on(
      'POST /api/v1/auth/password-reset',
      () => new Response(null, { status: 202, headers: { 'content-length': '0' } }),
    );
    await expect(
      apiPost('/api/v1/auth/password-reset', { email: 'a@b.c' }, { authRetry: false }),
    ).resolves.toBeUndefined();
  });

  it('an answer that is not JSON (a proxy page, a cut-off body) is an error, not data', async () => {
    server.on(
      'GET /api/v1/auth/me',
      () => new Response('<html>Bad gateway page</html>', { status: 200 }),
    );
    await expect(apiGet('/api/v1/auth/me')).rejects.toMatchObject({ code: 'UNKNOWN_ERROR' });
  });
});

// Issue 29: a double-click on Save made two children; the server honours an Idempotency-Key.
describe('creates carry an Idempotency-Key', () => {
  it('a fresh one per call, the same on the retry after a refreshed token', async () => {
    server.on(
      'POST /api/v1/children',
      () => jsonResponse(401, { detail: 'expired', code: 'TOKEN_EXPIRED' }),
      () => jsonResponse(201, { id: 'child-1' }),
    );
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet('access-2')));
    startSession(tokenSet('access-1'));
    await apiPost('/api/v1/children', { name: 'Twin', age: 4 });
    await apiPost('/api/v1/children', { name: 'Twin', age: 4 });
    const keys = server
      .requestsTo('POST /api/v1/children')
      .map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[2]).toMatch(/^"[0-9a-f-]{36}"$/);
  });

  it('reads carry none', async () => {
    server.on('GET /api/v1/children', () => jsonResponse(200, { children: [] }));
    await apiGet('/api/v1/children');
    expect(server.requestsTo('GET /api/v1/children')[0]?.headers.has('Idempotency-Key')).toBe(
      false,
    );
  });
});
