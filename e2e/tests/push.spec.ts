import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { completeProfile, logIn } from '../support/api.ts';
import { E2E_PUSH_SERVICE_HOST } from '../support/app-server.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

const PHONE = { width: 390, height: 844 };

/**
 * Chromium here has no network, and a real `pushManager.subscribe` needs the browser vendor's
 * push service: here it fails (and the app says it could not turn push on). So the page's
 * PushManager is replaced before the app loads by one that returns a subscription in the real
 * format: an https endpoint on the push service the e2e server lists in PUSH_SERVICE_HOSTS, the
 * browser's P-256 public key (65 bytes, uncompressed) and a 16-byte auth secret. Everything from
 * the permission to the server is the app's own code; delivery through a push service is proven
 * by the server's tests against a local stand-in.
 */
async function standInPushService(page: Page): Promise<void> {
  const ecdh = crypto.createECDH('prime256v1');
  const subscription = {
    endpoint: `https://${E2E_PUSH_SERVICE_HOST}/e2e-push-service/${crypto.randomUUID()}`,
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
    await standInPushService(page);
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

  test('Profile → Notifications lists the devices with push, this one marked; each can be removed (issue 28)', async ({
    page,
    context,
    account,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await standInPushService(page);
    const token = (await logIn(page.request, account)).access_token;
    await completeProfile(page.request, token);
    // Another device of the same parent: an iPhone's Safari.
    const iphone = await page.request.post('/api/v1/push/subscriptions', {
      headers: {
        Authorization: `Bearer ${token}`,
        'User-Agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      },
      data: {
        endpoint: `https://${E2E_PUSH_SERVICE_HOST}/e2e-push-service/${crypto.randomUUID()}`,
        keys: {
          p256dh: crypto.createECDH('prime256v1').generateKeys().toString('base64url'),
          auth: crypto.randomBytes(16).toString('base64url'),
        },
      },
    });
    expect(iphone.status(), await iphone.text()).toBe(201);

    await page.goto('/profile');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const control = page.getByRole('switch', { name: /^Push notifications on this device/ });
    await expect(control).toBeEnabled();
    await control.click();
    await expect(control).toBeChecked();

    const devices = page.getByRole('list', { name: 'Devices with push notifications' });
    const rows = devices.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('This device');
    await expect(rows.first()).toContainText(E2E_PUSH_SERVICE_HOST);
    await expect(rows.nth(1)).toContainText('Safari on iOS');
    await expect(rows.nth(1)).not.toContainText('This device');
    await devices.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('profile-push-devices-390.png') });
    await expectNoA11yViolations(page);
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await devices.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('profile-push-devices-dark-390.png') });
    await expectNoA11yViolations(page);

    // By keyboard: the iPhone's Remove, then the dialog's Remove (Cancel has the focus first).
    await page.getByRole('button', { name: 'Remove Safari on iOS' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Remove Safari on iOS?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('profile-push-remove-dialog-390.png') });
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Remove' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Safari on iOS removed')).toBeVisible();
    await expect(rows).toHaveCount(1);

    // This device: its switch turns off with it.
    await page.getByRole('button', { name: /\(this device\)$/ }).click();
    await page
      .getByRole('dialog', { name: 'Remove this device?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(control).not.toBeChecked();
    await expect(page.getByText(/^None yet/)).toBeVisible();
    const left = await page.request.get('/api/v1/push/subscriptions', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await left.json()) as { subscriptions: unknown[] }).subscriptions).toEqual([]);
  });
});
