import type { TFamilyProfile } from '@kkb/core/family/schema';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreSession } from '../features/auth/api/refresh-session';
import { clearSession } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import {
  forgetPendingInvite,
  isNewRegistration,
  markNewRegistration,
  pendingInviteToken,
  rememberPendingInvite,
} from '../lib/storage';
import { completeProfile, familyWith, incompleteProfile, tokenSet } from '../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../test/fake-fetch';
import { renderApp as renderAppAt } from '../test/render-app';

// The first visit of each lazy page compiles its chunk, which takes a few seconds here.
vi.setConfig({ testTimeout: 30_000 });

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

/** What the server's login leaves readable beside the refresh cookie. */
function setSessionMarker() {
  document.cookie = 'kkb_session=1; path=/';
}

/** The start-up refresh finds a session (the cookie), and the family has `profile`. */
function signedIn(profile: TFamilyProfile) {
  setSessionMarker();
  server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet()));
  server.on('GET /api/v1/profile', () => jsonResponse(200, profile));
  server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('owner')));
}

function anonymousProviders() {
  server.on('GET /api/v1/auth/providers', () =>
    jsonResponse(200, { password: true, google: false, facebook: false }),
  );
}

/** The marker says there is a sign-in, but the refresh cookie is gone (expired, revoked). */
function anonymous() {
  setSessionMarker();
  server.on('POST /api/v1/auth/refresh', () =>
    jsonResponse(401, { detail: 'Please log in to continue', code: 'AUTHENTICATION_REQUIRED' }),
  );
  anonymousProviders();
}

/** The real route table at `path`, with a query client of its own (nothing restored). */
function renderApp(path: string) {
  return renderAppAt(path, { queryClient: createQueryClient() });
}

/**
 * Waits until the router settles on `pathname` and the framed page shows (the top bar's user
 * menu). Feature pages own their headings, so routing tests don't depend on them.
 */
async function expectFramedPageAt(app: ReturnType<typeof renderApp>, pathname: string) {
  await waitFor(() => expect(app.location().pathname).toBe(pathname), { timeout: 15_000 });
  expect(
    await screen.findByRole('button', { name: 'Dana Parent' }, { timeout: 15_000 }),
  ).toBeVisible();
}

async function expectHeading(name: string) {
  expect(await screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 })).toBeVisible();
}

describe('guards (spec §2, §4)', () => {
  it("shows 'Initializing app...' while the auth state resolves", async () => {
    setSessionMarker();
    let answerRefresh: (response: Response) => void = () => undefined;
    server.on(
      'POST /api/v1/auth/refresh',
      () => new Promise<Response>((resolve) => (answerRefresh = resolve)),
    );
    anonymousProviders();
    renderApp('/dashboard');
    expect(await screen.findByText('Initializing app...')).toBeVisible();
    answerRefresh(
      jsonResponse(401, { detail: 'Please log in to continue', code: 'AUTHENTICATION_REQUIRED' }),
    );
    await expectHeading('Welcome back');
  });

  it('a restore begun before the app rendered (app/start.tsx) is found done: one refresh', async () => {
    signedIn(completeProfile());
    await restoreSession();
    const app = renderApp('/dashboard');
    await expectFramedPageAt(app, '/dashboard');
    expect(server.requestsTo('POST /api/v1/auth/refresh')).toHaveLength(1);
  });

  it('a restore begun before the app rendered and still under way is awaited: one refresh', async () => {
    signedIn(completeProfile());
    let answerRefresh: (response: Response) => void = () => undefined;
    server.on(
      'POST /api/v1/auth/refresh',
      () => new Promise<Response>((resolve) => (answerRefresh = resolve)),
    );
    const restoring = restoreSession();
    const app = renderApp('/dashboard');
    expect(await screen.findByText('Initializing app...')).toBeVisible();
    answerRefresh(jsonResponse(200, tokenSet()));
    await restoring;
    await expectFramedPageAt(app, '/dashboard');
    expect(server.requestsTo('POST /api/v1/auth/refresh')).toHaveLength(1);
  });

  it('without the session marker nobody asks /refresh: straight to /login', async () => {
    anonymousProviders();
    const app = renderApp('/dashboard');
    await expectHeading('Welcome back');
    expect(app.location().pathname).toBe('/login');
    expect(server.requestsTo('POST /api/v1/auth/refresh')).toHaveLength(0);
  });

  it('anonymous on /dashboard goes to /login, remembering /dashboard', async () => {
    anonymous();
    const app = renderApp('/dashboard');
    await expectHeading('Welcome back');
    expect(app.location().pathname).toBe('/login');
    expect(app.location().state).toMatchObject({ from: { pathname: '/dashboard' } });
  });

  it('signed-in on /login goes to /dashboard', async () => {
    signedIn(completeProfile());
    const app = renderApp('/login');
    await expectFramedPageAt(app, '/dashboard');
    expect(app.location().pathname).toBe('/dashboard');
  });

  it.each(['/', '/register'])('signed-in on %s goes to /dashboard too', async (path) => {
    signedIn(completeProfile());
    const app = renderApp(path);
    await expectFramedPageAt(app, '/dashboard');
    expect(app.location().pathname).toBe('/dashboard');
  });

  it('after logging in, the parent returns to the page they wanted', async () => {
    anonymous();
    server.on('POST /api/v1/auth/login', () => jsonResponse(200, tokenSet()));
    server.on('GET /api/v1/profile', () => jsonResponse(200, completeProfile()));
    server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('owner')));
    const app = renderApp('/my-activities');
    await expectHeading('Welcome back');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'dana@example.com');
    await user.type(screen.getByLabelText(/Password/), 'a good password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectFramedPageAt(app, '/my-activities');
    expect(app.location().pathname).toBe('/my-activities');
    expect(server.requestsTo('POST /api/v1/auth/login')[0]?.body).toEqual({
      email: 'dana@example.com',
      password: 'a good password',
    });
  });

  it('Logout in the user menu signs out and goes to /login', async () => {
    signedIn(completeProfile());
    anonymousProviders();
    server.on('POST /api/v1/auth/logout', () => new Response(null, { status: 204 }));
    const app = renderApp('/dashboard');
    await expectFramedPageAt(app, '/dashboard');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dana Parent' }));
    // The menu comes in its own chunk, fetched after the first paint.
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await expectHeading('Welcome back');
    expect(app.location().pathname).toBe('/login');
    expect(app.location().state).toBeNull();
    expect(server.requestsTo('POST /api/v1/auth/logout')).toHaveLength(1);
  });

  it('new registration + incomplete profile: flag cleared, /setup via /profile-setup', async () => {
    signedIn(incompleteProfile());
    markNewRegistration();
    const app = renderApp('/register');
    await expectFramedPageAt(app, '/setup');
    expect(app.location().pathname).toBe('/setup');
    expect(app.visited).toEqual(['/register', '/profile-setup', '/setup']);
    expect(isNewRegistration()).toBe(false);
  });

  it('new registration flag with a complete profile goes to /dashboard', async () => {
    signedIn(completeProfile());
    markNewRegistration();
    const app = renderApp('/login');
    await expectFramedPageAt(app, '/dashboard');
    expect(app.location().pathname).toBe('/dashboard');
  });

  it('an incomplete profile sends a framed page other than /setup and /profile to /setup', async () => {
    signedIn(incompleteProfile());
    const app = renderApp('/browse');
    await expectFramedPageAt(app, '/setup');
    expect(app.location().pathname).toBe('/setup');
  });

  it('an incomplete profile may still open /profile', async () => {
    signedIn(incompleteProfile());
    const app = renderApp('/profile');
    await expectFramedPageAt(app, '/profile');
    expect(app.location().pathname).toBe('/profile');
  });

  it('a complete profile opens framed pages, inside the frame with the user menu', async () => {
    signedIn(completeProfile());
    renderApp('/ai-planner');
    await expectHeading('AI Planner');
    expect(screen.getByRole('button', { name: 'Dana Parent' })).toBeVisible();
  });

  it('a missing profile (404) is no error: still signed in, sent to /setup', async () => {
    setSessionMarker();
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet()));
    server.on('GET /api/v1/profile', () =>
      jsonResponse(404, { detail: 'User profile not found', code: 'DATA_NOT_FOUND' }),
    );
    server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('owner')));
    const app = renderApp('/dashboard');
    await expectFramedPageAt(app, '/setup');
    expect(app.location().pathname).toBe('/setup');
  });

  it('a failure to load the profile clears auth (spec §4)', async () => {
    setSessionMarker();
    server.on('POST /api/v1/auth/refresh', () => jsonResponse(200, tokenSet()));
    server.on('GET /api/v1/profile', () =>
      jsonResponse(403, { detail: 'no', code: 'PERMISSION_DENIED' }),
    );
    anonymousProviders();
    const app = renderApp('/dashboard');
    await expectHeading('Welcome back');
    expect(app.location().pathname).toBe('/login');
  });
});

describe('invitation links (/join/{token})', () => {
  afterEach(() => forgetPendingInvite());

  it('signed out: asks to sign in or register, and keeps the invitation for afterwards', async () => {
    anonymous();
    const app = renderApp('/join/invite-token-1');
    await expectHeading("You're invited");
    expect(app.location().pathname).toBe('/join/invite-token-1');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(pendingInviteToken()).toBe('invite-token-1');
  });

  it('a registration made for an invitation goes back to it, not to /setup', async () => {
    signedIn(incompleteProfile());
    markNewRegistration();
    rememberPendingInvite('invite-token-1');
    const app = renderApp('/register');
    await expectHeading('Join a family');
    expect(app.location().pathname).toBe('/join/invite-token-1');
    // Being there spends it: a later sign-in in this tab is not brought back.
    await waitFor(() => expect(pendingInviteToken()).toBeNull());
  });
});

describe('/oauth-callback', () => {
  it('a new social sign-in is a new registration: the code is exchanged once, then /setup', async () => {
    anonymous();
    server.on('POST /api/v1/auth/oauth/exchange', () =>
      jsonResponse(200, { ...tokenSet('social'), is_new_user: true }),
    );
    server.on('GET /api/v1/profile', () => jsonResponse(200, incompleteProfile()));
    server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('owner')));
    const app = renderApp('/oauth-callback?code=one-time');
    await expectFramedPageAt(app, '/setup');
    expect(app.location().pathname).toBe('/setup');
    expect(app.visited).toContain('/profile-setup');
    expect(server.requestsTo('POST /api/v1/auth/oauth/exchange')).toHaveLength(1);
    expect(server.requestsTo('POST /api/v1/auth/oauth/exchange')[0]?.body).toEqual({
      code: 'one-time',
    });
    expect(isNewRegistration()).toBe(false);
  });

  it('a returning social sign-in goes to /dashboard', async () => {
    anonymous();
    server.on('POST /api/v1/auth/oauth/exchange', () =>
      jsonResponse(200, { ...tokenSet('social'), is_new_user: false }),
    );
    server.on('GET /api/v1/profile', () => jsonResponse(200, completeProfile()));
    server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('owner')));
    const app = renderApp('/oauth-callback?code=one-time');
    await expectFramedPageAt(app, '/dashboard');
    expect(app.location().pathname).toBe('/dashboard');
  });

  it('?error shows a message and a way back to login', async () => {
    anonymous();
    renderApp('/oauth-callback?error=access_denied');
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'Sign-in was cancelled or failed. Please try again.',
    );
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(server.requestsTo('POST /api/v1/auth/oauth/exchange')).toHaveLength(0);
  });
});

describe('redirects (spec §2)', () => {
  it.each([
    // /setup only keeps a family whose profile is incomplete; a complete one moves on.
    ['/home', '/dashboard', completeProfile],
    ['/profile-setup', '/setup', incompleteProfile],
    ['/activities', '/browse', completeProfile],
  ])('%s goes to %s', async (from, to, profile) => {
    signedIn(profile());
    const app = renderApp(from);
    await expectFramedPageAt(app, to);
    expect(app.location().pathname).toBe(to);
  });

  it('an unknown path goes to /', async () => {
    anonymous();
    const app = renderApp('/no-such-page');
    await expectHeading('Welcome back');
    expect(app.location().pathname).toBe('/');
  });
});

describe('notifications (issue 11)', () => {
  it('the top bar badge is the unread count', async () => {
    signedIn(completeProfile());
    server.on('GET /api/v1/notifications/unread-count', () => jsonResponse(200, { count: 4 }));
    renderApp('/ai-planner');
    const link = await screen.findByRole(
      'link',
      { name: 'Notifications, 4 unread' },
      { timeout: 15_000 },
    );
    // The badge is drawn once its chunk is in.
    await waitFor(() => expect(link).toHaveTextContent('4'));
  });

  it('without a count (offline, or the call fails) there is no badge and no error', async () => {
    signedIn(completeProfile());
    server.on('GET /api/v1/notifications/unread-count', () =>
      jsonResponse(403, { detail: 'no', code: 'PERMISSION_DENIED' }),
    );
    renderApp('/ai-planner');
    await expectHeading('AI Planner');
    await waitFor(() =>
      expect(server.requestsTo('GET /api/v1/notifications/unread-count')).not.toHaveLength(0),
    );
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('/notifications/settings is a framed page for the signed in', async () => {
    signedIn(completeProfile());
    const app = renderApp('/notifications/settings');
    await expectFramedPageAt(app, '/notifications/settings');
    await expectHeading('Notification settings');
  });

  it('/notifications/settings sends the signed out to /login', async () => {
    anonymous();
    const app = renderApp('/notifications/settings');
    await expectHeading('Welcome back');
    expect(app.location().pathname).toBe('/login');
  });
});
