import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import {
  findMailedToken,
  login,
  outboxMails,
  registerUser,
  STRONG_PASSWORD,
  uniqueEmail,
  waitFor,
} from './modules/auth/test-helpers.ts';
import { createTestDatabase, type TestDatabase } from './test/test-app.ts';
import { pngBytes } from './test/images.ts';

const PNG = pngBytes();

describe('logs hold no personal data (issue 18)', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: testDb.dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      WEATHER_PROVIDER: 'fixed',
      LOG_LEVEL: 'info',
    });
    app = await buildApp(config, {
      database: testDb.database,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });

  it('signing up, in, resetting, verifying and downloading leave no e-mail, token or password in the log', async () => {
    const email = uniqueEmail('logged');
    await registerUser(app, email);
    const tokens = await login(app, email);
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    await app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } });
    const resetToken = await waitFor(() =>
      findMailedToken(outboxMails(testDb.dataDir), email, 'reset-password'),
    );
    const verifyToken = findMailedToken(outboxMails(testDb.dataDir), email, 'verify-email');
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
