import dns from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { TPushMessage } from '@kkb/core/push/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/create-user.ts';
import { PUSH_TEST_DOMAIN, startPushService, type TestDevice } from '../../test/push-service.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { isPublicAddress } from './endpoint-policy.ts';
import { PUSH_SEND_JOB } from './service.ts';

/**
 * Issue 28, SSRF through Web Push: without PUSH_SERVICE_HOSTS the server sends only to https
 * endpoints whose host resolves to public addresses, checked when subscribing and again for the
 * addresses it connects to. The test plays DNS: names under push.test resolve as `dnsRecords`
 * says; every other name through the system (`localhost`).
 */
const dnsRecords = new Map<string, LookupAddress[]>();
const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });
const PUBLIC = v4('142.250.74.10');

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;
const logLines: string[] = [];

beforeAll(async () => {
  pushService = await startPushService();
  t = await createTestApp(
    { LOG_LEVEL: 'warn' },
    {
      pushTimeoutMs: 2000,
      // Trusting its certificate means a refused send is refused by the policy, never by TLS.
      pushTrustedCa: pushService.ca,
      pushResolver: async (hostname) => {
        if (!hostname.endsWith(`.${PUSH_TEST_DOMAIN}`)) {
          return dns.lookup(hostname, { all: true });
        }
        const records = dnsRecords.get(hostname);
        if (!records) throw new Error(`ENOTFOUND ${hostname}`);
        return records;
      },
      logStream: { write: (line) => void logLines.push(line) },
    },
  );
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});
beforeEach(() => {
  dnsRecords.clear();
  logLines.length = 0;
  pushService.received.length = 0;
  pushService.rejected.length = 0;
});

const keys = (): TestDevice['keys'] => pushService.device().keys;

const subscribe = (user: CreatedUser, endpoint: string, deviceKeys = keys()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: user.authHeader,
    payload: { endpoint, keys: deviceKeys },
  });

const subscriptionsOf = (userId: string) =>
  t.app.database.db
    .selectFrom('pushSubscriptions')
    .selectAll()
    .where('userId', '=', userId)
    .execute();

const pendingPushJobs = () =>
  t.app.database.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', PUSH_SEND_JOB)
    .where('doneAt', 'is', null)
    .execute();

const message: TPushMessage = {
  title: 'Time to play',
  body: 'Cardboard Box Castle',
  icon: '/icon-192.png',
  label: 'activity_reminder',
  data: {},
};

describe('addresses that are public', () => {
  it.each([
    ['142.250.74.10', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:142.250.74.10', true],
    ['127.0.0.1', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['192.0.2.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::a00:1', false],
    ['2002:a00:1::', false],
    ['not an address', false],
  ])('%s: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('subscribing: endpoints the server will not send to are refused with 400', () => {
  it.each([
    ['plain http on this machine', () => `http://127.0.0.1:${pushService.port}/push/x`],
    ['https on a loopback port (Redis)', () => 'https://127.0.0.1:6379/'],
    ['IPv6 loopback', () => 'https://[::1]/'],
    ['a private address', () => 'https://10.0.0.1/'],
    ['carrier-grade NAT', () => 'https://100.64.0.1/'],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest/meta-data'],
    ['unique-local IPv6', () => 'https://[fd00::1]/'],
    ['loopback inside IPv6', () => 'https://[::ffff:127.0.0.1]/'],
    ['loopback written as a number', () => 'https://2130706433/'],
    ['a name that resolves to loopback', () => 'https://localhost/'],
  ])('%s', async (_label, endpoint) => {
    const user = await createUser(t.app);
    const res = await subscribe(user, endpoint());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      detail: expect.stringMatching(/^endpoint: /),
    });
    expect(await subscriptionsOf(user.userId)).toHaveLength(0);
  });

  it('a name that resolves to a private address, or to a public and a private one', async () => {
    const user = await createUser(t.app);
    dnsRecords.set(`internal.${PUSH_TEST_DOMAIN}`, [v4('192.168.1.20')]);
    dnsRecords.set(`mixed.${PUSH_TEST_DOMAIN}`, [PUBLIC, v6('fd00::5')]);
    for (const host of ['internal', 'mixed', 'unknown']) {
      const res = await subscribe(user, `https://${host}.${PUSH_TEST_DOMAIN}/push/x`);
      expect(res.statusCode, host).toBe(400);
      // The same words whether the name is private or unknown: no internal DNS is told.
      expect(res.json().detail).toBe(
        `endpoint: ${host}.${PUSH_TEST_DOMAIN} does not resolve to public addresses only`,
      );
    }
    expect(await subscriptionsOf(user.userId)).toHaveLength(0);
  });

  it('an https push service on public addresses is accepted', async () => {
    const user = await createUser(t.app);
    dnsRecords.set(`fcm.${PUSH_TEST_DOMAIN}`, [PUBLIC, v6('2607:f8b0:4004:c07::5f')]);
    for (const endpoint of [`https://fcm.${PUSH_TEST_DOMAIN}/send/x`, 'https://142.250.74.10/x']) {
      const res = await subscribe(user, endpoint);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await subscriptionsOf(user.userId)).toHaveLength(2);
  });
});

describe('sending: the addresses connected to are checked again', () => {
  it('DNS rebinding (public when subscribing, loopback when sending) delivers nothing; the job ends and the subscription goes', async () => {
    const user = await createUser(t.app);
    const host = `rebinding.${PUSH_TEST_DOMAIN}`;
    const device = pushService.device(host);
    dnsRecords.set(host, [PUBLIC]);
    const res = await subscribe(user, device.endpoint, device.keys);
    expect(res.statusCode, res.body).toBe(201);

    // Now the name points at this machine, where the push service listens (and its certificate
    // covers the name): without the check at connection time, the message would arrive.
    dnsRecords.set(host, [v4('127.0.0.1')]);
    expect(await t.app.push.pushToUser(t.app.database.db, user.userId, message)).toBe(1);
    await t.app.jobs.runDue();

    expect(pushService.received).toEqual([]);
    expect(pushService.rejected).toEqual([]);
    expect(await pendingPushJobs()).toHaveLength(0);
    expect(await subscriptionsOf(user.userId)).toHaveLength(0);
    const warning = logLines.map((line) => JSON.parse(line)).find((entry) => entry.level === 40);
    expect(warning).toMatchObject({
      msg: 'push endpoint refused; subscription deleted',
      subscriptionId: res.json().id,
      reason: `${host} does not resolve to public addresses only`,
    });
  });

  it('a name that does not resolve when sending (DNS down) is retried, not dropped', async () => {
    const user = await createUser(t.app);
    const host = `flaky.${PUSH_TEST_DOMAIN}`;
    dnsRecords.set(host, [PUBLIC]);
    expect((await subscribe(user, `https://${host}/push/x`)).statusCode).toBe(201);
    dnsRecords.delete(host);
    await t.app.push.pushToUser(t.app.database.db, user.userId, message);
    await t.app.jobs.runDue();
    expect(await pendingPushJobs()).toHaveLength(1);
    expect(await subscriptionsOf(user.userId)).toHaveLength(1);
    await t.app.database.db.deleteFrom('jobs').where('kind', '=', PUSH_SEND_JOB).execute();
  });

  it.each([
    ['plain http on this machine', 'http://127.0.0.1'],
    ['https on this machine (its certificate trusted)', 'https://127.0.0.1'],
    ['https on IPv6 loopback', 'https://[::1]'],
  ])('a subscription kept from before the rules (%s) is never sent to', async (_label, origin) => {
    const user = await createUser(t.app);
    const device = pushService.device();
    const now = new Date().toISOString();
    await t.app.database.db
      .insertInto('pushSubscriptions')
      .values({
        id: `kept-from-before-${user.userId}`,
        userId: user.userId,
        endpoint: `${origin}:${pushService.port}${new URL(device.endpoint).pathname}`,
        ...device.keys,
        device: 'Unknown device',
        createdAt: now,
        renewedAt: now,
      })
      .execute();
    await t.app.push.pushToUser(t.app.database.db, user.userId, message);
    await t.app.jobs.runDue();
    expect(pushService.received).toEqual([]);
    expect(pushService.rejected).toEqual([]);
    expect(await pendingPushJobs()).toHaveLength(0);
    expect(await subscriptionsOf(user.userId)).toHaveLength(0);
  });
});
