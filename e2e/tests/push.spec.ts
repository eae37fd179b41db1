import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { completeProfile, logIn } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';

const PHONE = { width: 390, height: 844 };

/**
 * Chromium here has no network, and a real `pushManager.subscribe` needs the browser vendor's
 * push service: here it fails (and the app says it could not turn push on). So the page's
 * PushManager is replaced before the app loads by one that returns a subscription in the real
 * format: an endpoint on this machine, the browser's P-256 public key (65 bytes, uncompressed)
 * and a 16-byte auth secret. Everything from the permission to the server is the app's own code;
 * delivery through a push service is proven by the server's tests against a local stand-in.
 */
async function standInPushService(page: Page, baseUrl: string): Promise<void> {
  const ecdh = crypto.createECDH('prime256v1');
  const subscription = {
    endpoint: `${baseUrl}/e2e-push-service/${crypto.randomUUID()}`,
    keys: {
      p256dh: ecdh.generateKeys().toString('base64url'),
      auth: crypto.randomBytes(16).toString('base64url'),
    },
  };
  await page.addInitScript((fake) => {
    let current: PushSubscription | null = null;
    const toBase64url = (key: BufferSource | string | null | undefined) =>
      key instanceof ArrayBuffer || ArrayBuffer.isView(key)
        ? btoa(String.fromCharCode(...new Uint8Array(ArrayBuffer.isView(key) ? key.buffer : key)))
            .replace(/\+/g, '-')
            .replace(/\//g, '_')
            .replace(/=+$/, '')
        : String(key);
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      (window as unknown as { subscribedWithKey: string }).subscribedWithKey = toBase64url(
        options?.applicationServerKey,
      );
      const subscription = {
        endpoint: fake.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => ({ endpoint: fake.endpoint, expirationTime: null, keys: fake.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      current = subscription;
      return subscription;
    };
  }, subscription);
}

test.describe('push notifications (issue 16)', () => {
  test('Profile → Notifications: turning push on sends this browser’s subscription to the server', async ({
    page,
    context,
    account,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await standInPushService(page, baseURL ?? '');
    const token = (await logIn(page.request, account)).access_token;
    await completeProfile(page.request, token);

    await page.goto('/profile');
    // pushManager lives on the service worker's registration: wait until it is there.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const control = page.getByRole('switch', { name: /^Push notifications on this device/ });
    await expect(control).toBeEnabled();
    await expect(control).not.toBeChecked();
    await control.click();
    await expect(control).toBeChecked();
    await expect(page.getByText(/^On: notifications reach this device/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('profile-push-on-390.png') });

    // The browser was subscribed with the server's VAPID key.
    const publicKey = await page.request.get('/api/v1/push/public-key');
    expect(
      await page.evaluate(
        () => (window as unknown as { subscribedWithKey: string }).subscribedWithKey,
      ),
    ).toBe(((await publicKey.json()) as { publicKey: string }).publicKey);
    // The server has this user's subscription: removing it by its endpoint succeeds (204, not 404).
    const endpoint = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.pushManager.getSubscription())?.endpoint;
    });
    expect(endpoint).toMatch(/\/e2e-push-service\//);
    const removed = await page.request.delete('/api/v1/push/subscriptions', {
      headers: { Authorization: `Bearer ${token}` },
      data: { endpoint },
    });
    expect(removed.status(), await removed.text()).toBe(204);
  });
});
