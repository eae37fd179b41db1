import {
  PASSWORD_CONTAINS_EMAIL_MESSAGE,
  PASSWORD_CONTAINS_NAME_MESSAGE,
} from '@kkb/core/auth/password-rules';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/random-tokens.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';
import {
  findMailedToken,
  login,
  outboxMails,
  refresh,
  registerUser,
  STRONG_PASSWORD,
  uniqueEmail,
  uniqueIp,
} from './test-helpers.ts';

const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

describe('auth: registration, login, sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/auth${url}`,
      payload,
      headers,
      remoteAddress: uniqueIp(),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('register', () => {
    it('creates the user (201 {user}) with the ZUser shape and a lower-cased e-mail', async () => {
      const email = uniqueEmail('Mixed.Case');
      const res = await post('/register', { name: 'Dana', email, password: STRONG_PASSWORD });
      expect(res.statusCode).toBe(201);
      const { user } = res.json();
      expect(Object.keys(user).sort()).toEqual(
        [
          'avatar_url',
          'created_at',
          'email',
          'id',
          'is_active',
          'is_verified',
          'name',
          'updated_at',
        ].sort(),
      );
      expect(user).toMatchObject({
        name: 'Dana',
        email: email.toLowerCase(),
        avatar_url: null,
        is_active: true,
        is_verified: false,
      });
    });

    it('refuses a duplicate e-mail with 409', async () => {
      const { email } = await registerUser(t.app);
      const res = await post('/register', {
        name: 'Again',
        email: email.toUpperCase(),
        password: STRONG_PASSWORD,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail: 'An account with this email already exists',
        code: 'VALIDATION_ERROR',
      });
    });

    it('§5: an invalid e-mail is a 400 naming the field with the spec message', async () => {
      const res = await post('/register', {
        name: 'Dana',
        email: 'not-an-email',
        password: STRONG_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail:
          'email: Invalid email format: not-an-email. Please enter a valid email address like name@example.com',
        code: 'VALIDATION_ERROR',
      });
    });

    it('§5: a missing e-mail answers "Email is required"', async () => {
      const res = await post('/register', { name: 'Dana', password: STRONG_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'email: Email is required', code: 'VALIDATION_ERROR' });
    });

    it('refuses passwords shorter than 8 characters', async () => {
      const res = await post('/register', { name: 'D', email: uniqueEmail(), password: 'x7#kQ2!' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'password: Password must be at least 8 characters',
        code: 'VALIDATION_ERROR',
      });
    });

    it('accepts a 128-character password and refuses 129', async () => {
      const long = 'Ab3$'.repeat(32);
      expect(long).toHaveLength(128);
      const ok = await post('/register', { name: 'D', email: uniqueEmail(), password: long });
      expect(ok.statusCode).toBe(201);
      const tooLong = await post('/register', {
        name: 'D',
        email: uniqueEmail(),
        password: `${long}x`,
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().detail).toBe('password: Password must be at most 128 characters');
    });

    it('refuses the most common passwords (OWASP ASVS V6), whatever their case', async () => {
      for (const password of ['password', 'Baseball', '1qaz2wsx']) {
        const res = await post('/register', { name: 'D', email: uniqueEmail(), password });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          detail: 'password: This password is too common. Please choose a less guessable one',
          code: 'VALIDATION_ERROR',
        });
      }
    });

    it('uses exactly the first 3,000 ranked passwords of the zxcvbn-ts list', async () => {
      const { dictionary } = await import('@zxcvbn-ts/language-common');
      const ranked = dictionary['passwords-common'];
      expect(await isCommonPassword(ranked[2999] ?? '')).toBe(true);
      const beyond = ranked.slice(3000).find((p) => !ranked.slice(0, 3000).includes(p)) ?? '';
      expect(await isCommonPassword(beyond)).toBe(false);
    });

    it('stores argon2id hashes with the OWASP parameters', async () => {
      expect(await hashPassword(STRONG_PASSWORD)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const { user } = await registerUser(t.app);
      const row = await t.app.database.db
        .selectFrom('users')
        .select('passwordHash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('creates the family profile with the spec defaults at registration', async () => {
      const { email, user } = await registerUser(t.app);
      const tokens = await login(t.app, email);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/profile',
        headers: bearer(tokens.access_token),
      });
      expect(res.statusCode).toBe(200);
      const profile = res.json();
      expect(profile).toMatchObject({
        uid: user.id,
        email,
        displayName: 'Test Parent',
        familyInfo: expect.objectContaining({ familyName: 'Our Family', children: [] }),
      });
    });
  });

  describe('login and /me', () => {
    it('returns the token set and the user, and /me answers with the bearer token', async () => {
      const { email, user } = await registerUser(t.app);
      const res = await post('/login', { email, password: STRONG_PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, user: { id: user.id } });
      expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: bearer(body.access_token),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(user);
    });

    it('records the login on the user', async () => {
      const { email, user } = await registerUser(t.app);
      await login(t.app, email);
      const row = await t.app.database.db
        .selectFrom('users')
        .select('lastLoginAt')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.lastLoginAt).not.toBeNull();
    });

    it('sets the refresh token as an httpOnly SameSite=Strict cookie scoped to /api/v1/auth', async () => {
      const { email } = await registerUser(t.app);
      const res = await post('/login', { email, password: STRONG_PASSWORD });
      const cookie = res.cookies.find((c) => c.name === 'kkb_refresh');
      expect(cookie).toMatchObject({
        value: res.json().refresh_token,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/v1/auth',
      });
      expect(cookie?.secure).toBeFalsy();
    });

    it('sets a readable session marker beside it, for the whole site, as long-lived', async () => {
      const { email } = await registerUser(t.app);
      const res = await post('/login', { email, password: STRONG_PASSWORD });
      const refreshCookie = res.cookies.find((c) => c.name === 'kkb_refresh');
      const marker = res.cookies.find((c) => c.name === 'kkb_session');
      expect(marker).toMatchObject({ value: '1', sameSite: 'Strict', path: '/' });
      expect(marker?.httpOnly).toBeFalsy();
      expect(marker?.maxAge).toBe(refreshCookie?.maxAge);
    });

    it('answers a wrong password and an unknown account the same way (401)', async () => {
      const { email } = await registerUser(t.app);
      const wrong = await post('/login', { email, password: 'wrong-password-123' });
      const unknown = await post('/login', { email: uniqueEmail(), password: STRONG_PASSWORD });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          detail: 'Invalid email or password',
          code: 'INVALID_CREDENTIALS',
        });
      }
    });

    it('rejects /me without a token, with a bad token and with an expired one', async () => {
      const missing = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({
        detail: 'Please log in to continue',
        code: 'AUTHENTICATION_REQUIRED',
      });
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: bearer('not.a.jwt'),
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().code).toBe('AUTHENTICATION_REQUIRED');

      const { user } = await registerUser(t.app);
      const past = Math.floor(Date.now() / 1000) - 7200;
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt(past)
        .setExpirationTime(past + 3600)
        .sign(new TextEncoder().encode(TEST_SECRET));
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: bearer(expired),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        detail: 'Your session has expired. Please log in again',
        code: 'TOKEN_EXPIRED',
      });
    });
  });

  describe('refresh tokens', () => {
    it('rotates: the new set works and the old refresh token is used up', async () => {
      const { email } = await registerUser(t.app);
      const first = await login(t.app, email);
      const res = await refresh(t.app, first.refresh_token);
      expect(res.statusCode).toBe(200);
      const second = res.json();
      expect(second.refresh_token).not.toBe(first.refresh_token);
      const again = await refresh(t.app, second.refresh_token);
      expect(again.statusCode).toBe(200);
    });

    it('stores only SHA-256 hashes of refresh tokens, in one family per sign-in', async () => {
      const { email, user } = await registerUser(t.app);
      const first = await login(t.app, email);
      await refresh(t.app, first.refresh_token);
      await login(t.app, email);
      const rows = await t.app.database.db
        .selectFrom('refreshTokens')
        .selectAll()
        .where('userId', '=', user.id)
        .execute();
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((r) => r.familyId)).size).toBe(2);
      for (const row of rows) {
        expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.tokenHash).not.toBe(first.refresh_token);
      }
    });

    it('a second refresh within the 10 s grace gets a working token; the first successor keeps working', async () => {
      const { email } = await registerUser(t.app);
      const first = await login(t.app, email);
      const a = await refresh(t.app, first.refresh_token);
      const b = await refresh(t.app, first.refresh_token);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect((await refresh(t.app, b.json().refresh_token)).statusCode).toBe(200);
      expect((await refresh(t.app, a.json().refresh_token)).statusCode).toBe(200);
    });

    it('two concurrent refreshes of one token both succeed', async () => {
      const { email } = await registerUser(t.app);
      const first = await login(t.app, email);
      const [a, b] = await Promise.all([
        refresh(t.app, first.refresh_token),
        refresh(t.app, first.refresh_token),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    });

    it('an unknown refresh token is 401 and clears the cookie', async () => {
      const res = await refresh(t.app, 'nonsense-token');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTHENTICATION_REQUIRED');
      expect(res.cookies.find((c) => c.name === 'kkb_refresh')?.value).toBe('');
      expect(res.cookies.find((c) => c.name === 'kkb_session')?.value).toBe('');
    });

    it('refresh and logout accept the token from the cookie when the body has none', async () => {
      const { email } = await registerUser(t.app);
      const first = await login(t.app, email);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        cookies: { kkb_refresh: first.refresh_token },
      });
      expect(res.statusCode).toBe(200);
      const next = res.json().refresh_token;
      expect(res.cookies.find((c) => c.name === 'kkb_refresh')?.value).toBe(next);

      const out = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        cookies: { kkb_refresh: next },
      });
      expect(out.statusCode).toBe(204);
      const cleared = out.cookies.find((c) => c.name === 'kkb_refresh');
      expect(cleared?.value).toBe('');
      expect(out.cookies.find((c) => c.name === 'kkb_session')?.value).toBe('');
      expect((await refresh(t.app, next)).statusCode).toBe(401);
    });

    it('refuses cross-site use of the cookie on refresh and logout with 403 (issue 8)', async () => {
      const { email } = await registerUser(t.app);
      const { refresh_token: token } = await login(t.app, email);
      const crossSite: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example' },
        { origin: 'null' },
      ];
      for (const route of ['/refresh', '/logout']) {
        for (const headers of crossSite) {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/v1/auth${route}`,
            cookies: { kkb_refresh: token },
            headers,
          });
          expect(res.statusCode, `${route} ${JSON.stringify(headers)}`).toBe(403);
          expect(res.json().code).toBe('PERMISSION_DENIED');
          expect(res.cookies).toEqual([]);
        }
      }
      // The same sign-in still works from the app's own origin.
      const sameOrigin = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        cookies: { kkb_refresh: token },
        headers: { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
      });
      expect(sameOrigin.statusCode).toBe(200);
      // A page served from the address the request went to (e.g. the Vite dev server) is the app.
      const devServer = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        cookies: { kkb_refresh: sameOrigin.json().refresh_token },
        headers: { origin: 'http://localhost:5173', host: 'localhost:5173' },
      });
      expect(devServer.statusCode).toBe(200);
    });

    it('token answers carry Cache-Control: no-store (issue 8)', async () => {
      const { email } = await registerUser(t.app);
      const loggedIn = await post('/login', { email, password: STRONG_PASSWORD });
      expect(loggedIn.headers['cache-control']).toBe('no-store');
      const refreshed = await refresh(t.app, loggedIn.json().refresh_token);
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.headers['cache-control']).toBe('no-store');
    });

    it('refresh without any token is 401', async () => {
      const res = await post('/refresh', {});
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTHENTICATION_REQUIRED');
    });
  });

  describe('logout', () => {
    it('logout with the body token ends that sign-in only', async () => {
      const { email } = await registerUser(t.app);
      const phone = await login(t.app, email);
      const laptop = await login(t.app, email);
      const res = await post('/logout', { refresh_token: phone.refresh_token });
      expect(res.statusCode).toBe(204);
      expect((await refresh(t.app, phone.refresh_token)).statusCode).toBe(401);
      expect((await refresh(t.app, laptop.refresh_token)).statusCode).toBe(200);
    });

    it('logout stops the access tokens of that sign-in at once, those of the others go on (issue 28)', async () => {
      const { email } = await registerUser(t.app);
      const phone = await login(t.app, email);
      const laptop = await login(t.app, email);
      // The phone's earlier access token too (refreshed since), not only its latest.
      const refreshed = (await refresh(t.app, phone.refresh_token)).json<typeof phone>();
      const me = (token: string) =>
        t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
      for (const token of [phone.access_token, refreshed.access_token, laptop.access_token]) {
        expect((await me(token)).statusCode).toBe(200);
      }

      const out = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        cookies: { kkb_refresh: refreshed.refresh_token },
      });
      expect(out.statusCode).toBe(204);
      for (const token of [phone.access_token, refreshed.access_token]) {
        const refused = await me(token);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().code).toBe('AUTHENTICATION_REQUIRED');
      }
      expect((await me(laptop.access_token)).statusCode).toBe(200);
    });

    it('a replayed refresh token revokes its sign-in, access tokens included (issue 28)', async () => {
      const { email, user } = await registerUser(t.app);
      const first = await login(t.app, email);
      const second = (await refresh(t.app, first.refresh_token)).json<typeof first>();
      // Replayed a minute after it was rotated: past the grace of two tabs refreshing at once.
      await t.app.database.db
        .updateTable('refreshTokens')
        .set({ lastUsedAt: new Date(Date.now() - 60_000).toISOString() })
        .where('userId', '=', user.id)
        .execute();
      expect((await refresh(t.app, first.refresh_token)).statusCode).toBe(401);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: bearer(second.access_token),
      });
      expect(me.statusCode).toBe(401);
    });

    it('logout also ends the rotated successors of the sign-in', async () => {
      const { email } = await registerUser(t.app);
      const first = await login(t.app, email);
      const second = (await refresh(t.app, first.refresh_token)).json();
      expect((await post('/logout', { refresh_token: first.refresh_token })).statusCode).toBe(204);
      expect((await refresh(t.app, second.refresh_token)).statusCode).toBe(401);
    });

    it('logout-all (bearer) ends every sign-in of the user, access tokens included', async () => {
      const { email } = await registerUser(t.app);
      const phone = await login(t.app, email);
      const laptop = await login(t.app, email);
      const unauthenticated = await post('/logout-all');
      expect(unauthenticated.statusCode).toBe(401);
      const res = await post('/logout-all', undefined, bearer(phone.access_token));
      expect(res.statusCode).toBe(204);
      expect((await refresh(t.app, phone.refresh_token)).statusCode).toBe(401);
      expect((await refresh(t.app, laptop.refresh_token)).statusCode).toBe(401);
      for (const tokens of [phone, laptop]) {
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          headers: bearer(tokens.access_token),
        });
        expect(me.statusCode).toBe(401);
      }
      const again = await login(t.app, email);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: bearer(again.access_token),
      });
      expect(me.statusCode).toBe(200);
    });
  });

  describe('password rule (issue 8)', () => {
    it('register refuses a blank password and one containing the e-mail or the name', async () => {
      const email = uniqueEmail('dana.levi');
      for (const [password, detail] of [
        ['          ', 'password: Password cannot be only spaces'],
        [`${email.toUpperCase()}!`, `password: ${PASSWORD_CONTAINS_EMAIL_MESSAGE}`],
        ['harbour-levi-2024', `password: ${PASSWORD_CONTAINS_NAME_MESSAGE}`],
      ] as const) {
        const res = await post('/register', { name: 'Dana Levi', email, password });
        expect(res.statusCode, password).toBe(400);
        expect(res.json()).toEqual({ detail, code: 'VALIDATION_ERROR' });
      }
    });

    it('password change refuses a new password containing the e-mail or the name', async () => {
      const { email } = await registerUser(t.app);
      const tokens = await login(t.app, email);
      for (const [newPassword, message] of [
        [`my-${email.split('@')[0]}-pw`, PASSWORD_CONTAINS_EMAIL_MESSAGE],
        ['parent-meadow-violin', PASSWORD_CONTAINS_NAME_MESSAGE],
      ] as const) {
        const res = await post(
          '/password-change',
          { current_password: STRONG_PASSWORD, new_password: newPassword },
          bearer(tokens.access_token),
        );
        expect(res.statusCode, newPassword).toBe(400);
        expect(res.json().detail).toBe(`new_password: ${message}`);
      }
    });
  });

  describe('password change', () => {
    it('changes the password and ends every sign-in', async () => {
      const { email } = await registerUser(t.app);
      const tokens = await login(t.app, email);
      const newPassword = 'copper-meadow-violin-77';
      const res = await post(
        '/password-change',
        { current_password: STRONG_PASSWORD, new_password: newPassword },
        bearer(tokens.access_token),
      );
      expect(res.statusCode).toBe(204);
      expect((await refresh(t.app, tokens.refresh_token)).statusCode).toBe(401);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: bearer(tokens.access_token),
      });
      expect(me.statusCode).toBe(401);
      expect((await post('/login', { email, password: STRONG_PASSWORD })).statusCode).toBe(401);
      expect((await post('/login', { email, password: newPassword })).statusCode).toBe(200);
    });

    it('refuses a wrong current password, a common new one, and no token', async () => {
      const { email } = await registerUser(t.app);
      const tokens = await login(t.app, email);
      const wrong = await post(
        '/password-change',
        { current_password: 'not-my-password', new_password: 'copper-meadow-violin-77' },
        bearer(tokens.access_token),
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        detail: 'current_password: Current password is incorrect',
        code: 'VALIDATION_ERROR',
      });
      const common = await post(
        '/password-change',
        { current_password: STRONG_PASSWORD, new_password: 'password1' },
        bearer(tokens.access_token),
      );
      expect(common.statusCode).toBe(400);
      expect(common.json().detail).toMatch(/^new_password: This password is too common/);
      const anonymous = await post('/password-change', {
        current_password: STRONG_PASSWORD,
        new_password: 'copper-meadow-violin-77',
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('rate limits', () => {
    it('5 failed logins from one IP make the account wait 30 s there (429 + Retry-After, saying how long), even with the right password (issue 29)', async () => {
      const { email } = await registerUser(t.app);
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password: 'wrong-password-123' },
          remoteAddress: '10.1.0.1',
        });
        expect(res.statusCode).toBe(401);
      }
      const locked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: STRONG_PASSWORD },
        remoteAddress: '10.1.0.1',
      });
      expect(locked.statusCode).toBe(429);
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(25);
      expect(retryAfter).toBeLessThanOrEqual(30);
      expect(locked.json()).toEqual({
        detail: `Too many attempts. Try again in ${retryAfter} seconds.`,
        code: 'RATE_LIMIT_EXCEEDED',
      });
    });

    it('failures from other IPs never lock the owner out (issue 8)', async () => {
      const { email } = await registerUser(t.app);
      for (let i = 0; i < 10; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password: 'wrong-password-123' },
          remoteAddress: `10.1.1.${(i % 2) + 1}`,
        });
        expect(res.statusCode).toBe(401);
      }
      const owner = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: STRONG_PASSWORD },
        remoteAddress: '10.1.1.99',
      });
      expect(owner.statusCode).toBe(200);
    });

    it('10 sign-ups per IP per hour, then 429 with Retry-After; a taken address stays 409 (issue 8)', async () => {
      const ip = '10.3.0.1';
      const register = (email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: { name: 'Dana', email, password: STRONG_PASSWORD },
          remoteAddress: ip,
        });
      const first = uniqueEmail();
      expect((await register(first)).statusCode).toBe(201);
      const taken = await register(first);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().detail).toBe('An account with this email already exists');
      for (let i = 0; i < 8; i++) expect((await register(uniqueEmail())).statusCode).toBe(201);
      const blocked = await register(uniqueEmail());
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMIT_EXCEEDED');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(59 * 60);
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { name: 'Dana', email: uniqueEmail(), password: STRONG_PASSWORD },
        remoteAddress: '10.3.0.2',
      });
      expect(elsewhere.statusCode).toBe(201);
    });

    it('a successful login clears the account failure count', async () => {
      const { email } = await registerUser(t.app);
      const attempt = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password },
          remoteAddress: '10.2.0.1',
        });
      for (let i = 0; i < 4; i++)
        expect((await attempt('wrong-password-123')).statusCode).toBe(401);
      expect((await attempt(STRONG_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++)
        expect((await attempt('wrong-password-123')).statusCode).toBe(401);
      expect((await attempt(STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('20 login attempts per IP per 15 min, then 429', async () => {
      for (let i = 0; i < 20; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: uniqueEmail('spray'), password: 'wrong-password-123' },
          remoteAddress: '10.3.0.1',
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: uniqueEmail('spray'), password: 'wrong-password-123' },
        remoteAddress: '10.3.0.1',
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const otherIp = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: uniqueEmail('spray'), password: 'wrong-password-123' },
        remoteAddress: '10.3.0.2',
      });
      expect(otherIp.statusCode).toBe(401);
    });

    it('5 password-reset requests per account per hour, then 429', async () => {
      const { email } = await registerUser(t.app);
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/password-reset',
          payload: { email },
          remoteAddress: `10.4.0.${i + 1}`,
        });
        expect(res.statusCode).toBe(202);
      }
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        payload: { email },
        remoteAddress: '10.4.0.99',
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(59 * 60);
    });

    it('5 password-reset requests per IP per hour, then 429', async () => {
      const request = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/password-reset',
          payload: { email: uniqueEmail('nobody') },
          remoteAddress: '10.5.0.1',
        });
      for (let i = 0; i < 5; i++) expect((await request()).statusCode).toBe(202);
      const blocked = await request();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    });
  });

  describe('verify-email and providers', () => {
    it('the registration mail holds a one-time link that marks the user verified', async () => {
      const { email, user } = await registerUser(t.app);
      const token = findMailedToken(outboxMails(t.config.dataDir), email, 'verify-email');
      expect(token).toBeDefined();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/verify-email?token=${token}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: user.id, is_verified: true });
      expect(res.json().already_verified).toBe(false);
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/verify-email?token=${token}`,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        user: { id: user.id, is_verified: true },
        already_verified: true,
      });
    });

    it('a used link says "already verified" even after it expired and its user signed in', async () => {
      const { email } = await registerUser(t.app);
      const token = findMailedToken(outboxMails(t.config.dataDir), email, 'verify-email');
      const open = () =>
        t.app.inject({ method: 'GET', url: `/api/v1/auth/verify-email?token=${token}` });
      expect((await open()).statusCode).toBe(200);
      const { db } = t.app.database;
      await db
        .updateTable('emailTokens')
        .set({ expiresAt: '2000-01-01T00:00:00.000Z' })
        .where('tokenHash', '=', hashToken(token!))
        .execute();
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: STRONG_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      expect((await open()).json().already_verified).toBe(true);
    });

    it('an unknown link, or a used one whose address is no longer verified, is invalid', async () => {
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/verify-email?token=no-such-token',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        detail: 'This verification link is invalid or has expired',
        code: 'VALIDATION_ERROR',
      });
      const { email, user } = await registerUser(t.app);
      const token = findMailedToken(outboxMails(t.config.dataDir), email, 'verify-email');
      const open = () =>
        t.app.inject({ method: 'GET', url: `/api/v1/auth/verify-email?token=${token}` });
      expect((await open()).statusCode).toBe(200);
      await t.app.database.db
        .updateTable('users')
        .set({ isVerified: 0 })
        .where('id', '=', user.id)
        .execute();
      expect((await open()).statusCode).toBe(400);
    });

    it('providers: password only when no social sign-in is configured', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ password: true, google: false, facebook: false });
    });

    it('an unconfigured provider answers 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/google/start' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('DATA_NOT_FOUND');
    });
  });

  it('publishes every auth route in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/v1/auth/register',
      '/api/v1/auth/login',
      '/api/v1/auth/refresh',
      '/api/v1/auth/logout',
      '/api/v1/auth/logout-all',
      '/api/v1/auth/me',
      '/api/v1/auth/password-reset',
      '/api/v1/auth/password-reset/confirm',
      '/api/v1/auth/password-change',
      '/api/v1/auth/verify-email',
      '/api/v1/auth/providers',
      '/api/v1/auth/oauth/{provider}/start',
      '/api/v1/auth/oauth/{provider}/callback',
      '/api/v1/auth/oauth/exchange',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

// Its own suite, so that its app is built only after the main one has closed.
describe('auth behind https', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ PUBLIC_URL: 'https://kids.example.test' });
  });
  afterAll(() => secure.close());

  it('marks the refresh cookie Secure when PUBLIC_URL is https', async () => {
    const { email } = await registerUser(secure.app);
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(res.cookies.find((c) => c.name === 'kkb_refresh')?.secure).toBe(true);
  });
});
