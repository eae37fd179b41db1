import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TPushMessage } from '@kkb/core/push/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { startPushService, type TestDevice } from '../../test/push-service.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { PUSH_SEND_JOB } from './service.ts';
import { resolveVapidKeys } from './vapid.ts';

const clock = new ManualClock('2026-11-23T10:00:00.000Z');
let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  pushService = await startPushService();
  t = await createTestApp(
    { VAPID_SUBJECT: 'mailto:ops@example.org' },
    { clock, pushTimeoutMs: 2000 },
  );
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});
beforeEach(() => {
  pushService.received.length = 0;
  pushService.rejected.length = 0;
});

const message: TPushMessage = {
  title: 'Time for Cardboard Box Castle',
  body: "It's time to play Cardboard Box Castle.",
  icon: '/pwa-192x192.png',
  label: 'activity_reminder',
  data: { link: '/activities/cardboard-box-castle' },
};

const subscribe = (user: CreatedUser, device: Pick<TestDevice, 'endpoint' | 'keys'>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: user.authHeader,
    payload: { endpoint: device.endpoint, keys: device.keys, expirationTime: null },
  });

const subscriptionsOf = (userId: string) =>
  t.app.database.db
    .selectFrom('pushSubscriptions')
    .selectAll()
    .where('userId', '=', userId)
    .execute();

async function push(user: CreatedUser) {
  return t.app.push.pushToUser(t.app.database.db, user.userId, message);
}

describe('VAPID keys (DESIGN Push)', () => {
  it('are generated once into DATA_DIR and kept; configured ones win', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kkb-vapid-'));
    const first = resolveVapidKeys(dir, { publicKey: undefined, privateKey: undefined });
    expect(resolveVapidKeys(dir, { publicKey: undefined, privateKey: undefined })).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(resolveVapidKeys(dir, { publicKey: 'pub', privateKey: 'priv' })).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
    });
    fs.rmSync(dir, { recursive: true });
  });

  it('GET /push/public-key gives the public key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/push/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json().publicKey).toBe(t.app.push.publicKey);
  });
});

describe('subscriptions', () => {
  it('need a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuse what is not a push subscription', async () => {
    const user = await createUser(t.app);
    const device = pushService.device();
    for (const bad of [
      { endpoint: 'http://push.example.com/x', keys: device.keys },
      { endpoint: device.endpoint, keys: { ...device.keys, p256dh: 'short' } },
      { endpoint: 'not a url', keys: device.keys },
    ]) {
      const res = await subscribe(user, bad);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('are idempotent per device; a renewal updates the keys; another user signing in on it takes it', async () => {
    const user = await createUser(t.app);
    const device = pushService.device();
    const first = await subscribe(user, device);
    expect(first.statusCode, first.body).toBe(201);
    clock.advance(8 * 86_400_000);
    const again = await subscribe(user, device);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().renewedAt).toBe(clock.now().toISOString());
    expect(await subscriptionsOf(user.userId)).toHaveLength(1);

    const other = await createUser(t.app);
    await subscribe(other, device);
    expect(await subscriptionsOf(user.userId)).toHaveLength(0);
    expect(await subscriptionsOf(other.userId)).toHaveLength(1);
  });

  it("DELETE removes this device's subscription, never another user's", async () => {
    const user = await createUser(t.app);
    const stranger = await createUser(t.app);
    const device = pushService.device();
    await subscribe(user, device);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/push/subscriptions',
      headers: stranger.authHeader,
      payload: { endpoint: device.endpoint },
    });
    expect(theirs.statusCode).toBe(404);
    expect(await subscriptionsOf(user.userId)).toHaveLength(1);
    const mine = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/push/subscriptions',
      headers: user.authHeader,
      payload: { endpoint: device.endpoint },
    });
    expect(mine.statusCode).toBe(204);
    expect(await subscriptionsOf(user.userId)).toHaveLength(0);
  });
});

describe('signing out everywhere', () => {
  it("removes every device's subscription of the user, and nobody else's", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    await subscribe(user, pushService.device());
    await subscribe(user, pushService.device());
    await subscribe(other, pushService.device());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout-all',
      headers: user.authHeader,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await subscriptionsOf(user.userId)).toHaveLength(0);
    expect(await subscriptionsOf(other.userId)).toHaveLength(1);
  });
});

describe('delivery through the Web Push protocol', () => {
  it('reaches every device of the user, encrypted for it and signed with VAPID', async () => {
    const user = await createUser(t.app);
    const phone = pushService.device();
    const laptop = pushService.device();
    await subscribe(user, phone);
    await subscribe(user, laptop);
    expect(await push(user)).toBe(2);
    await t.app.jobs.runDue();
    expect(pushService.rejected).toEqual([]);
    expect(pushService.received.map((r) => r.path).sort()).toEqual(
      [phone, laptop].map((d) => new URL(d.endpoint).pathname).sort(),
    );
    for (const delivery of pushService.received) {
      expect(delivery.message).toEqual(message);
      expect(delivery.vapid).toMatchObject({
        aud: pushService.origin,
        sub: 'mailto:ops@example.org',
        publicKey: t.app.push.publicKey,
      });
      expect(delivery.ttl).toBe(86_400);
    }
  });

  it('410 Gone and 404 delete the subscription', async () => {
    const user = await createUser(t.app);
    const gone = pushService.device();
    const missing = pushService.device();
    await subscribe(user, gone);
    await subscribe(user, missing);
    pushService.answer(gone, { status: 410 });
    pushService.answer(missing, { status: 404 });
    await push(user);
    await t.app.jobs.runDue();
    expect(await subscriptionsOf(user.userId)).toHaveLength(0);
  });

  it('429 and 5xx are retried, honouring Retry-After', async () => {
    const user = await createUser(t.app);
    const device = pushService.device();
    await subscribe(user, device);
    pushService.answer(device, { status: 503, headers: { 'Retry-After': '120' } }, { status: 429 });
    await push(user);
    await t.app.jobs.runDue();
    clock.advance(119_000);
    await t.app.jobs.runDue();
    expect(pushService.received).toHaveLength(0);
    clock.advance(1_000);
    await t.app.jobs.runDue(); // 429 without Retry-After: the runner's back-off (second attempt: 1 min)
    clock.advance(59_000);
    await t.app.jobs.runDue();
    expect(pushService.received).toHaveLength(0);
    clock.advance(1_000);
    await t.app.jobs.runDue();
    expect(pushService.received).toHaveLength(1);
    expect(await subscriptionsOf(user.userId)).toHaveLength(1);
  });

  it('one slow push service does not hold up the others; it is retried', async () => {
    const user = await createUser(t.app);
    const slow = pushService.device();
    const fast = pushService.device();
    await subscribe(user, slow);
    await subscribe(user, fast);
    pushService.answer(slow, { status: 201, delayMs: 6000 });
    await push(user);
    await t.app.jobs.runDue();
    expect(pushService.received.map((r) => r.path)).toEqual([new URL(fast.endpoint).pathname]);
    clock.advance(30_000);
    await t.app.jobs.runDue();
    expect(pushService.received.map((r) => r.path)).toContain(new URL(slow.endpoint).pathname);
  });

  it('a message whose TTL ran out while retrying is dropped', async () => {
    const user = await createUser(t.app);
    const device = pushService.device();
    await subscribe(user, device);
    pushService.answer(device, { status: 503, headers: { 'Retry-After': String(2 * 86_400) } });
    await push(user);
    await t.app.jobs.runDue();
    clock.advance(2 * 86_400_000);
    await t.app.jobs.runDue();
    expect(pushService.received).toHaveLength(0);
    const pending = await t.app.database.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', PUSH_SEND_JOB)
      .where('doneAt', 'is', null)
      .execute();
    expect(pending).toHaveLength(0);
  });

  it('a user without devices queues nothing', async () => {
    const user = await createUser(t.app);
    expect(await push(user)).toBe(0);
  });
});
