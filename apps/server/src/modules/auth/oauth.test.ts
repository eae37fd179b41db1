import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { registerUser, uniqueEmail } from './test-helpers.ts';

const PUBLIC_URL = 'http://kkb.example.test';

describe('social sign-in (OAuth 2.0 code flow with PKCE against a local provider)', () => {
  let provider: OAuth2Server;
  let t: TestApp;
  let userinfo: Record<string, unknown> = {};
  /** The provider's account id, in its ID tokens (its userinfo must match). */
  let subject = 'johndoe';

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeUserinfo', (response: { body: unknown }) => {
      response.body = userinfo;
    });
    provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      token.payload.sub = subject;
    });
    const base = provider.issuer.url ?? '';
    const endpoints = (name: string) => ({
      [`${name}_CLIENT_ID`]: `${name.toLowerCase()}-client`,
      [`${name}_CLIENT_SECRET`]: `${name.toLowerCase()}-secret`,
      [`${name}_AUTHORIZATION_URL`]: `${base}/authorize`,
      [`${name}_TOKEN_URL`]: `${base}/token`,
      [`${name}_USERINFO_URL`]: `${base}/userinfo`,
    });
    t = await createTestApp({ PUBLIC_URL, ...endpoints('GOOGLE'), ...endpoints('FACEBOOK') });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  /** Browser steps: our /start, the provider's consent redirect, our callback. */
  async function signInWith(name: 'google' | 'facebook'): Promise<URL> {
    const start = await t.app.inject({ method: 'GET', url: `/api/v1/auth/oauth/${name}/start` });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${PUBLIC_URL}/api/v1/auth/oauth/${name}/callback`,
    );
    const consent = await fetch(authorize, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const callback = new URL(String(consent.headers.get('location')));
    const done = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
    });
    expect(done.statusCode).toBe(302);
    return new URL(String(done.headers.location));
  }

  const exchange = (code: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/oauth/exchange', payload: { code } });

  it('lists both providers as configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(res.json()).toEqual({ password: true, google: true, facebook: true });
  });

  it('Google: a first sign-in creates the account (is_new_user), a second finds it', async () => {
    const email = uniqueEmail('google');
    subject = 'google-2001';
    userinfo = {
      sub: subject,
      email,
      email_verified: true,
      name: 'Gia Google',
      picture: 'https://example.test/gia.png',
    };
    const landing = await signInWith('google');
    expect(landing.origin + landing.pathname).toBe(`${PUBLIC_URL}/oauth-callback`);
    const code = landing.searchParams.get('code') ?? '';
    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const tokens = first.json();
    expect(tokens).toMatchObject({
      is_new_user: true,
      token_type: 'Bearer',
      expires_in: 3600,
      user: {
        email,
        name: 'Gia Google',
        avatar_url: 'https://example.test/gia.png',
        is_verified: true,
      },
    });
    expect(first.cookies.find((c) => c.name === 'kkb_refresh')?.value).toBe(tokens.refresh_token);

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ uid: tokens.user.id, displayName: 'Gia Google' });

    const reused = await exchange(code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('VALIDATION_ERROR');

    const again = await signInWith('google');
    const second = await exchange(again.searchParams.get('code') ?? '');
    expect(second.json()).toMatchObject({ is_new_user: false, user: { id: tokens.user.id } });
  });

  it('Facebook: links to an existing account with the same e-mail', async () => {
    const { email, user } = await registerUser(t.app);
    userinfo = { id: 'fb-1001', name: 'Fay Facebook', email };
    const landing = await signInWith('facebook');
    const res = await exchange(landing.searchParams.get('code') ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      is_new_user: false,
      user: { id: user.id, is_verified: true },
    });
    const link = await t.app.database.db
      .selectFrom('oauthAccounts')
      .selectAll()
      .where('provider', '=', 'facebook')
      .where('providerUserId', '=', 'fb-1001')
      .executeTakeFirstOrThrow();
    expect(link.userId).toBe(user.id);
  });

  it('does not link an existing account on an unverified provider e-mail', async () => {
    const { email } = await registerUser(t.app);
    subject = 'google-2002';
    userinfo = { sub: subject, email, email_verified: false };
    const landing = await signInWith('google');
    expect(landing.searchParams.get('code')).toBeNull();
    expect(landing.searchParams.get('error')).toBe(
      'An account with this email already exists. Please sign in with your password',
    );
  });

  it('a callback with an unknown state lands on the error page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/oauth/google/callback?code=abc&state=forged-state',
    });
    expect(res.statusCode).toBe(302);
    const landing = new URL(String(res.headers.location));
    expect(landing.origin + landing.pathname).toBe(`${PUBLIC_URL}/oauth-callback`);
    expect(landing.searchParams.get('error')).toBe('Sign-in session expired. Please try again');
  });

  it('a state works once and only for its own provider', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/google/start' });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const wrongProvider = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/oauth/facebook/callback?code=abc&state=${state}`,
    });
    expect(new URL(String(wrongProvider.headers.location)).searchParams.get('error')).toBe(
      'Sign-in session expired. Please try again',
    );
  });

  it('a refusal at the provider lands on the error page', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/google/start' });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/oauth/google/callback?error=access_denied&state=${state}`,
    });
    expect(new URL(String(res.headers.location)).searchParams.get('error')).toBe(
      'Sign-in was cancelled',
    );
  });

  it('a failing token exchange lands on the generic error', async () => {
    provider.service.once('beforeResponse', (response: { statusCode: number; body: unknown }) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const landing = await signInWith('google');
    expect(landing.searchParams.get('error')).toBe('Sign-in failed. Please try again');
  });

  it('an unknown exchange code is refused', async () => {
    const res = await exchange('no-such-code');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'code: This sign-in code is invalid or has expired',
      code: 'VALIDATION_ERROR',
    });
  });

  it('an unknown provider name is a 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/myspace/start' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});
