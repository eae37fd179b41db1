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
/** A name for the local push service, listed in PUSH_SERVICE_HOSTS (it resolves to 127.0.0.1). */
const NAMED_HOST = 'internal.push.test';
const resolved: string[] = [];

beforeAll(async () => {
  pushService = await startPushService();
  t = await createTestApp(
    {
      VAPID_SUBJECT: 'mailto:ops@example.org',
      // A push service inside the network: private addresses, allowed because they are listed.
      PUSH_SERVICE_HOSTS: `${pushService.host},${NAMED_HOST}:${pushService.port}`,
    },
    {
      clock,
      pushTimeoutMs: 2000,
      pushTrustedCa: pushService.ca,
      pushResolver: async (hostname) => {
        resolved.push(hostname);
        if (hostname === NAMED_HOST) return [{ address: '127.0.0.1', family: 4 }];
        throw new Error(`ENOTFOUND ${hostname}`);
      },
    },
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

const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const subscribe = (
  user: CreatedUser,
  device: Pick<TestDevice, 'endpoint' | 'keys'>,
  userAgent = CHROME_ON_ANDROID,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: { ...user.authHeader, 'user-agent': userAgent },
    payload: { endpoint: device.endpoint, keys: device.keys, expirationTime: null },
  });

const listSubscriptions = (user: CreatedUser) =>
  t.app.inject({ method: 'GET', url: '/api/v1/push/subscriptions', headers: user.authHeader });

const removeSubscription = (user: CreatedUser, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/push/subscriptions/${id}`,
    headers: user.authHeader,
  });

const unsubscribe = (user: CreatedUser, endpoint: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/v1/push/subscriptions',
    headers: user.authHeader,
    payload: { endpoint },
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

  it('are idempotent per user and device; a renewal updates the keys and the device', async () => {
    const user = await createUser(t.app);
    const device = pushService.device();
    const first = await subscribe(user, device);
    expect(first.statusCode, first.body).toBe(201);
    clock.advance(8 * 86_400_000);
    const renewedKeys = { ...device.keys, auth: 'A'.repeat(22) };
    const again = await subscribe(
      user,
      { endpoint: device.endpoint, keys: renewedKeys },
      'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    );
    expect(again.json()).toMatchObject({
      id: first.json().id,
      device: 'Firefox on Linux',
      createdAt: first.json().createdAt,
      renewedAt: clock.now().toISOString(),
    });
    const rows = await subscriptionsOf(user.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.auth).toBe(renewedKeys.auth);
  });

  it("another user subscribing the same endpoint gets a row of their own; the first user's stays theirs (issue 28)", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const device = pushService.device();
    const mine = await subscribe(owner, device);
    expect(mine.statusCode, mine.body).toBe(201);
    const otherKeys = { ...pushService.device().keys };
    const theirs = await subscribe(other, { endpoint: device.endpoint, keys: otherKeys });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);

    const [ownerRow] = await subscriptionsOf(owner.userId);
    expect(ownerRow).toMatchObject({ id: mine.json().id, ...device.keys });
    expect(await subscriptionsOf(other.userId)).toHaveLength(1);
    // Neither by endpoint nor by id can the other user remove the owner's row.
    expect((await removeSubscription(other, mine.json().id)).statusCode).toBe(404);
    expect((await unsubscribe(other, device.endpoint)).statusCode).toBe(204);
    expect(await subscriptionsOf(owner.userId)).toHaveLength(1);
    expect((await unsubscribe(other, device.endpoint)).statusCode).toBe(404);
    // The owner's own DELETE works.
    expect((await unsubscribe(owner, device.endpoint)).statusCode).toBe(204);
    expect(await subscriptionsOf(owner.userId)).toHaveLength(0);
  });

  it("DELETE removes this device's subscription, never another user's", async () => {
    const user = await createUser(t.app);
    const stranger = await createUser(t.app);
    const device = pushService.device();
    await subscribe(user, device);
    expect((await unsubscribe(stranger, device.endpoint)).statusCode).toBe(404);
    expect(await subscriptionsOf(user.userId)).toHaveLength(1);
    expect((await unsubscribe(user, device.endpoint)).statusCode).toBe(204);
    expect(await subscriptionsOf(user.userId)).toHaveLength(0);
  });

  it('the 11th subscription removes the least recently renewed one (issue 28)', async () => {
    const user = await createUser(t.app);
    const devices = Array.from({ length: 10 }, () => pushService.device());
    const ids: string[] = [];
    for (const device of devices) {
      const res = await subscribe(user, device);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
      clock.advance(60_000);
    }
    // The first device renews: the second is now the least recently renewed.
    await subscribe(user, devices[0]!);
    clock.advance(60_000);
    const eleventh = await subscribe(user, pushService.device());
    expect(eleventh.statusCode, eleventh.body).toBe(201);
    const kept = (await subscriptionsOf(user.userId)).map((row) => row.id).sort();
    expect(kept).toHaveLength(10);
    expect(kept).toEqual([...ids.filter((id) => id !== ids[1]), eleventh.json().id].sort());
    // Renewing one of the ten does not count as an 11th.
    await subscribe(user, devices[5]!);
    expect(await subscriptionsOf(user.userId)).toHaveLength(10);
  });

  it("GET lists the user's own devices, newest first, without keys or endpoints (issue 28)", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const phone = pushService.device();
    const laptop = pushService.device();
    await subscribe(user, phone);
    clock.advance(60_000);
    await subscribe(
      user,
      laptop,
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    );
    await subscribe(other, pushService.device());
    // The other user on the same phone: their row, not listed for the user.
    await subscribe(other, phone);

    const res = await listSubscriptions(user);
    expect(res.statusCode, res.body).toBe(200);
    const { subscriptions } = res.json() as { subscriptions: Record<string, unknown>[] };
    expect(subscriptions).toEqual([
      {
        id: expect.any(String),
        device: 'Safari on macOS',
        pushService: '127.0.0.1',
        createdAt: clock.now().toISOString(),
        renewedAt: clock.now().toISOString(),
      },
      expect.objectContaining({ device: 'Chrome on Android', pushService: '127.0.0.1' }),
    ]);
    expect(res.body).not.toContain(phone.keys.auth);
    expect(res.body).not.toContain(new URL(phone.endpoint).pathname);
    expect((await listSubscriptions(other)).json().subscriptions).toHaveLength(2);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/push/subscriptions' })).statusCode,
    ).toBe(401);
  });

  it("DELETE /push/subscriptions/{id} removes one of the user's devices; someone else's is 404 (issue 28)", async () => {
    const user = await createUser(t.app);
    const stranger = await createUser(t.app);
    const phone = (await subscribe(user, pushService.device())).json().id as string;
    const laptop = (await subscribe(user, pushService.device())).json().id as string;

    expect((await removeSubscription(stranger, phone)).statusCode).toBe(404);
    expect((await removeSubscription(user, 'no-such-subscription')).statusCode).toBe(404);
    expect(await subscriptionsOf(user.userId)).toHaveLength(2);

    const res = await removeSubscription(user, phone);
    expect(res.statusCode, res.body).toBe(204);
    expect((await subscriptionsOf(user.userId)).map((row) => row.id)).toEqual([laptop]);
    expect((await removeSubscription(user, phone)).statusCode).toBe(404);
  });
});

describe('PUSH_SERVICE_HOSTS (issue 28)', () => {
  it('its hosts are accepted and sent to, on private addresses too', async () => {
    const user = await createUser(t.app);
    const byAddress = pushService.device();
    const byName = pushService.device(NAMED_HOST);
    expect((await subscribe(user, byAddress)).statusCode).toBe(201);
    expect((await subscribe(user, byName)).statusCode).toBe(201);
    resolved.length = 0;
    expect(await push(user)).toBe(2);
    await t.app.jobs.runDue();
    expect(pushService.rejected).toEqual([]);
    expect(pushService.received.map((r) => r.path).sort()).toEqual(
      [byAddress, byName].map((d) => new URL(d.endpoint).pathname).sort(),
    );
    // The name was resolved when connecting, through the app's resolver.
    expect(resolved).toContain(NAMED_HOST);
  });

  it('any other host is refused, public or private, on another port too', async () => {
    const user = await createUser(t.app);
    const { keys } = pushService.device();
    for (const endpoint of [
      `https://127.0.0.1:${pushService.port + 1}/push/x`,
      `https://${NAMED_HOST}/push/x`,
      'https://fcm.googleapis.com/fcm/send/x',
      'https://10.0.0.1/push/x',
    ]) {
      const res = await subscribe(user, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_ERROR',
        detail: expect.stringMatching(/^endpoint: .* is not a push service this server sends to$/),
      });
    }
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

  it('a redirect is not followed: it is a refusal like any other (issue 28)', async () => {
    const user = await createUser(t.app);
    const device = pushService.device();
    const elsewhere = pushService.device();
    await subscribe(user, device);
    pushService.answer(device, { status: 307, headers: { Location: elsewhere.endpoint } });
    await push(user);
    await t.app.jobs.runDue();
    expect(pushService.received).toEqual([]);
    // Followed, the message would have reached the other path (and failed to decrypt there).
    expect(pushService.rejected).toEqual([]);
  });

  it('a user without devices queues nothing', async () => {
    const user = await createUser(t.app);
    expect(await push(user)).toBe(0);
  });
});
