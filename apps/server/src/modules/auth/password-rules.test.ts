import {
  PASSWORD_BLANK_MESSAGE,
  PASSWORD_CONTAINS_EMAIL_MESSAGE,
  PASSWORD_CONTAINS_NAME_MESSAGE,
} from '@kkb/core/auth/password-rules';
import {
  PASSWORD_TOO_COMMON_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from '@kkb/core/auth/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  findMailedToken,
  login,
  outboxMails,
  STRONG_PASSWORD,
  uniqueEmail,
  uniqueIp,
} from './test-helpers.ts';

const NAME = 'Dana Levi';

/** A route that sets a password: its field, whose password it sets, and the call setting it. */
interface PasswordRoute {
  route: string;
  field: string;
  account(): Promise<{ email: string }>;
  set(account: { email: string }, password: string): Promise<LightMyRequestResponse>;
}

/**
 * Issue 28: one set of password rules (core's, OWASP ASVS 5.0 V6: 8 to 128 characters, not
 * only spaces, not the account's e-mail address or name, not among the most common passwords) on
 * every route that sets a password, each answering the same 400 for the same password.
 */
describe('every route that sets a password applies the same rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/auth${url}`,
      payload,
      headers,
      remoteAddress: uniqueIp(),
    });

  /** A registered account of Dana Levi under a fresh address. */
  const registered = async () => {
    const email = uniqueEmail('dana.levi');
    const res = await post('/register', { name: NAME, email, password: STRONG_PASSWORD });
    expect(res.statusCode, res.body).toBe(201);
    return { email };
  };

  const ROUTES: PasswordRoute[] = [
    {
      route: 'POST /auth/register',
      field: 'password',
      // An address not taken yet.
      account: () => Promise.resolve({ email: uniqueEmail('dana.levi') }),
      set: ({ email }, password) => post('/register', { name: NAME, email, password }),
    },
    {
      route: 'POST /auth/password-reset/confirm',
      field: 'password',
      account: registered,
      async set({ email }, password) {
        await post('/password-reset', { email });
        await t.app.jobs.runDue();
        const token = findMailedToken(outboxMails(t.config.dataDir), email, 'reset-password');
        return post('/password-reset/confirm', { token, password });
      },
    },
    {
      route: 'POST /auth/password-change',
      field: 'new_password',
      account: registered,
      async set({ email }, password) {
        const { access_token: token } = await login(t.app, email);
        return post(
          '/password-change',
          { current_password: STRONG_PASSWORD, new_password: password },
          { authorization: `Bearer ${token}` },
        );
      },
    },
  ];

  const RULES: { rule: string; password: (email: string) => string; message: string }[] = [
    {
      rule: 'at least 8 characters',
      password: () => 'violet7',
      message: PASSWORD_TOO_SHORT_MESSAGE,
    },
    { rule: 'at most 128', password: () => 'v'.repeat(129), message: PASSWORD_TOO_LONG_MESSAGE },
    { rule: 'not only spaces', password: () => ' '.repeat(12), message: PASSWORD_BLANK_MESSAGE },
    {
      rule: 'not the e-mail address',
      password: (email) => email.toUpperCase(),
      message: PASSWORD_CONTAINS_EMAIL_MESSAGE,
    },
    {
      rule: "not the address's part before the @",
      password: (email) => `my-${email.split('@')[0]}-pw`,
      message: PASSWORD_CONTAINS_EMAIL_MESSAGE,
    },
    {
      rule: 'not the name',
      password: () => 'harbour-levi-2024',
      message: PASSWORD_CONTAINS_NAME_MESSAGE,
    },
    {
      rule: 'not a common password, whatever its case',
      password: () => 'PassWord123',
      message: PASSWORD_TOO_COMMON_MESSAGE,
    },
  ];

  describe.each(ROUTES)('$route', ({ field, account, set }) => {
    it.each(RULES)('$rule', async ({ password, message }) => {
      const target = await account();
      const res = await set(target, password(target.email));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ detail: `${field}: ${message}`, code: 'VALIDATION_ERROR' });
    });

    it('accepts a password that breaks none', async () => {
      const res = await set(await account(), 'copper-meadow-violin-77');
      expect(res.statusCode, res.body).toBeLessThan(300);
    });
  });
});
