import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  findMailedToken,
  login,
  outboxMails,
  registerUser,
  STRONG_PASSWORD,
  uniqueEmail,
  waitFor,
} from './modules/auth/test-helpers.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { pngBytes } from './test/images.ts';

const PNG = pngBytes();

describe('logs hold no personal data (issue 18)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    app = t.app;
  });
  afterAll(() => t.close());

  it('signing up, in, resetting, verifying and downloading leave no e-mail, token or password in the log', async () => {
    const email = uniqueEmail('logged');
    await registerUser(app, email);
    const tokens = await login(app, email);
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    await app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } });
    await app.jobs.runDue();
    const resetToken = await waitFor(() =>
      findMailedToken(outboxMails(t.config.dataDir), email, 'reset-password'),
    );
    const verifyToken = findMailedToken(outboxMails(t.config.dataDir), email, 'verify-email');
    expect(verifyToken).toBeDefined();
    await app.inject({ method: 'GET', url: `/api/v1/auth/verify-email?token=${verifyToken}` });
    const stored = await app.inject({
      method: 'PUT',
      url: '/api/v1/files/avatars/me.png',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      payload: PNG,
    });
    const downloadUrl = new URL(stored.json<{ url: string }>().url, 'http://localhost').pathname;
    const downloadToken = downloadUrl.split('/').at(-1) ?? '';
    expect((await app.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/join/${'j'.repeat(43)}` });

    const log = lines.join('');
    expect(log).toContain('"url":"/api/v1/auth/password-reset"');
    const secrets = [
      email,
      STRONG_PASSWORD,
      tokens.access_token,
      tokens.refresh_token,
      resetToken,
      verifyToken ?? '',
      downloadToken,
      'j'.repeat(43),
    ].filter((secret) => secret.length > 0);
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/[\w.+-]+@example\.com/);
  });
});
