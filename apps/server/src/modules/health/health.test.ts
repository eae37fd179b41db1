import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrations } from '../../db/migrations/index.ts';
import { createUser } from '../../test/create-user.ts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.ts';

describe('health and API conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports ok with the database kind and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testDatabaseKind, version: '0.1.0' });
  });

  it('is ready once every migration has run, and answers 503 while one has not', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      database: testDatabaseKind,
      migrations: Object.keys(migrations).length,
    });
    const { db } = t.app.database;
    const last = Object.keys(migrations).sort().at(-1) ?? '';
    await sql`delete from kysely_migration where name = ${last}`.execute(db);
    try {
      const notReady = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({
        detail: 'The database is not ready: 1 migration has not run',
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${new Date().toISOString()})`.execute(
        db,
      );
    }
  });

  it('answers unknown API paths with 404 {detail, code}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'GET /api/v1/nope not found', code: 'DATA_NOT_FOUND' });
  });

  it('publishes OpenAPI with the health route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v1/health');
  });

  it('sends security headers with a CSP that allows no inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on every answer, a 404 included, and no HSTS without TLS', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';" +
        "frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';" +
        "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';" +
        "worker-src 'self';manifest-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/api/v1/health', '/api/v1/auth/providers', '/api/v1/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers).toMatchObject(expected);
      expect(res.headers).not.toHaveProperty('strict-transport-security');
      expect(res.headers).not.toHaveProperty('x-powered-by');
    }
  });
});

describe('security headers behind TLS', () => {
  it('add HSTS when the public address is https', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://kkb.example.org' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    } finally {
      await t.close();
    }
  });
});

const BIG_SCRIPT = `export const words = ${JSON.stringify('play outside today '.repeat(400))};`;

describe('API compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('compresses answers over 1 KB for a client that accepts it, and not small ones', async () => {
    const { authHeader } = await createUser(t.app);
    const big = await t.app.inject({
      url: '/api/v1/activities?limit=20',
      headers: { ...authHeader, 'accept-encoding': 'br, gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const body = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString());
    expect(body.activities).toHaveLength(20);
    const gz = await t.app.inject({
      url: '/api/v1/activities?limit=20',
      headers: { ...authHeader, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await t.app.inject({
      url: '/api/v1/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe('ok');
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kkb-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shell</title>');
    fs.writeFileSync(path.join(webDir, 'login.html'), '<!doctype html><title>sign in</title>');
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDir, 'assets', 'big-1234.js'), BIG_SCRIPT);
    fs.writeFileSync(
      path.join(webDir, 'assets', 'big-1234.js.br'),
      zlib.brotliCompressSync(BIG_SCRIPT),
    );
    fs.writeFileSync(path.join(webDir, 'assets', 'big-1234.js.gz'), zlib.gzipSync(BIG_SCRIPT));
    t = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('answers client-side routes with the app shell (history fallback)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard?tab=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>shell</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers / and /login with the prerendered sign-in page unless the browser holds a sign-in', async () => {
    for (const url of ['/', '/login', '/login?next=1']) {
      const signedOut = await t.app.inject({ method: 'GET', url });
      expect(signedOut.body).toContain('<title>sign in</title>');
      expect(signedOut.headers['cache-control']).toBe('no-cache');
      expect(String(signedOut.headers.vary).toLowerCase()).toContain('cookie');
      const signedIn = await t.app.inject({ method: 'GET', url, cookies: { kkb_session: '1' } });
      expect(signedIn.body).toContain('<title>shell</title>');
    }
    const elsewhere = await t.app.inject({ method: 'GET', url: '/register' });
    expect(elsewhere.body).toContain('<title>shell</title>');
  });

  it('serves hashed assets as immutable and 404s a missing one instead of sending the shell', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-0000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('DATA_NOT_FOUND');
  });

  it('sends the build-time brotli or gzip copy of an asset the browser accepts, and Vary', async () => {
    const url = '/assets/big-1234.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('DATA_NOT_FOUND');
  });
});
