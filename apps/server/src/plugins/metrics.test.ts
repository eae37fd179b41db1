import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/create-user.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('Prometheus metrics (METRICS=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS: 'true' });
  });
  afterAll(() => t.close());

  it('counts requests and times them by route pattern, never by path', async () => {
    const { authHeader } = await createUser(t.app);
    await t.app.inject({ url: '/api/v1/health' });
    await t.app.inject({ url: '/api/v1/activities/sink-or-float', headers: authHeader });
    await t.app.inject({ url: '/api/v1/activities/no-such-activity', headers: authHeader });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /kkb_http_requests_total\{method="GET",route="\/api\/v1\/health",status="200"\} 1/,
    );
    expect(text).toMatch(
      /kkb_http_requests_total\{method="GET",route="\/api\/v1\/activities\/:id",status="404"\} 1/,
    );
    expect(text).toContain('kkb_http_request_duration_seconds_bucket');
    expect(text).toContain('kkb_process_cpu_seconds_total');
    expect(text).not.toContain('sink-or-float');
  });
});

describe('metrics are off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /metrics with 404', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});
