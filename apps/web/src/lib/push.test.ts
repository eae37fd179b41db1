import { PUSH_RENEW_AFTER_MS } from '@kkb/core/push/renewal';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenSet } from '../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../test/fake-fetch';
import {
  answerPushRoutes,
  fakeBrowserPush,
  pretendIphone,
  removeBrowserPush,
} from '../test/fake-push';
import { clearSession, startSession } from './api-client';
import {
  disablePush,
  enablePush,
  isPushEnabled,
  onPushChange,
  PUSH_SUBSCRIBE_TIMEOUT_MS,
  pushAvailability,
  renewPushIfDue,
  thisDevicePushSubscriptionId,
} from './push';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
  answerPushRoutes(server);
  startSession(tokenSet('access-1'));
  window.localStorage.clear();
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  removeBrowserPush();
  vi.useRealTimers();
});

describe('spec §4 push permission', () => {
  it('a browser without push: unsupported, and enabling says so without an error (§8)', async () => {
    expect(pushAvailability()).toEqual({ kind: 'unsupported' });
    await expect(enablePush()).resolves.toEqual({ status: 'not-allowed' });
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('an iPhone outside the home screen is told to add the app first', () => {
    pretendIphone();
    expect(pushAvailability()).toEqual({ kind: 'needs-install' });
  });

  it("'default' is asked; a refusal ends off and nothing reaches the server", async () => {
    const browser = fakeBrowserPush('default', 'denied');
    await expect(enablePush()).resolves.toEqual({ status: 'not-allowed' });
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.requestsTo('POST /api/v1/push/subscriptions')).toHaveLength(0);
  });

  it("'denied' is never asked again", async () => {
    const browser = fakeBrowserPush('denied');
    await expect(enablePush()).resolves.toEqual({ status: 'not-allowed' });
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('granted: subscribes with the server key and sends the subscription', async () => {
    const browser = fakeBrowserPush('default', 'granted');
    const enabling = await enablePush();
    expect(enabling.status === 'on' && enabling.subscription.endpoint).toBe(
      'https://push.example.com/device-1',
    );
    const key = browser.pushManager.subscribe.mock.calls[0] as unknown as [
      PushSubscriptionOptionsInit,
    ];
    expect(key[0].userVisibleOnly).toBe(true);
    expect(new Uint8Array(key[0].applicationServerKey as ArrayBuffer)).toHaveLength(65);
    expect(server.requestsTo('POST /api/v1/push/subscriptions')[0]?.body).toMatchObject({
      endpoint: 'https://push.example.com/device-1',
    });
    await expect(isPushEnabled()).resolves.toBe(true);
  });

  it('a failing server ends off too, and says it was the server', async () => {
    fakeBrowserPush('granted');
    server.on('POST /api/v1/push/subscriptions', () =>
      jsonResponse(500, { detail: 'x', code: 'UNKNOWN_ERROR' }),
    );
    await expect(enablePush()).resolves.toEqual({ status: 'server-failed' });
  });

  it('issue 29: a push service that never answers is given up after 15 s', async () => {
    vi.useFakeTimers();
    const browser = fakeBrowserPush('granted');
    browser.pushManager.subscribe.mockImplementation(() => new Promise(() => {}));
    const enabling = enablePush();
    await vi.advanceTimersByTimeAsync(PUSH_SUBSCRIBE_TIMEOUT_MS - 1);
    let settled = false;
    void enabling.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(enabling).resolves.toEqual({ status: 'push-service-unreachable' });
    expect(PUSH_SUBSCRIBE_TIMEOUT_MS).toBe(15_000);
    expect(server.requestsTo('POST /api/v1/push/subscriptions')).toHaveLength(0);
  });

  it("issue 29: the push service's refusal (Chromium's AbortError) is told apart from ours", async () => {
    const browser = fakeBrowserPush('granted');
    browser.pushManager.subscribe.mockRejectedValue(
      new DOMException('Registration failed - push service error', 'AbortError'),
    );
    await expect(enablePush()).resolves.toEqual({ status: 'push-service-unreachable' });
  });
});

describe('spec §9: a registration older than 7 days is renewed', () => {
  it('not before 7 days; then a new subscription replaces the old one, on the server too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T10:00:00Z'));
    const browser = fakeBrowserPush('granted');
    await enablePush();
    const start = Date.now();

    await renewPushIfDue(start + PUSH_RENEW_AFTER_MS - 1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledOnce();

    await renewPushIfDue(start + PUSH_RENEW_AFTER_MS);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(2);
    expect(browser.current()?.endpoint).toBe('https://push.example.com/device-2');
    expect(server.requestsTo('POST /api/v1/push/subscriptions').at(-1)?.body).toMatchObject({
      endpoint: 'https://push.example.com/device-2',
    });
    expect(server.requestsTo('DELETE /api/v1/push/subscriptions')[0]?.body).toEqual({
      endpoint: 'https://push.example.com/device-1',
    });
  });

  it('sends a subscription the browser replaced on its own (pushsubscriptionchange) on the next visit', async () => {
    const browser = fakeBrowserPush('granted');
    await enablePush();
    await browser.current()?.unsubscribe();
    await browser.pushManager.subscribe();
    await renewPushIfDue();
    expect(server.requestsTo('POST /api/v1/push/subscriptions').at(-1)?.body).toMatchObject({
      endpoint: 'https://push.example.com/device-2',
    });
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(2);
  });

  it('a subscription sent by a version that kept no id is sent again to learn it (issue 28)', async () => {
    fakeBrowserPush('granted');
    await enablePush();
    const id = thisDevicePushSubscriptionId();
    expect(id).toBe('s1');
    window.localStorage.removeItem('pushSubscriptionId');
    await renewPushIfDue();
    expect(server.requestsTo('POST /api/v1/push/subscriptions')).toHaveLength(2);
    expect(thisDevicePushSubscriptionId()).toBe(id);
    await renewPushIfDue();
    expect(server.requestsTo('POST /api/v1/push/subscriptions')).toHaveLength(2);
  });

  it('never asks for permission', async () => {
    const browser = fakeBrowserPush('default', 'granted');
    await renewPushIfDue();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });
});

describe('turning push off (and signing out)', () => {
  it('removes the subscription from the server, then from the browser', async () => {
    const browser = fakeBrowserPush('granted');
    await enablePush();
    await disablePush();
    expect(server.requestsTo('DELETE /api/v1/push/subscriptions')[0]?.body).toEqual({
      endpoint: 'https://push.example.com/device-1',
    });
    expect(browser.current()).toBeNull();
    await expect(isPushEnabled()).resolves.toBe(false);
  });

  it('forgets the id and tells who shows push state (issue 28)', async () => {
    fakeBrowserPush('granted');
    const changes = vi.fn();
    const stop = onPushChange(changes);
    await enablePush();
    expect(changes).toHaveBeenCalledOnce();
    await disablePush();
    expect(changes).toHaveBeenCalledTimes(2);
    expect(thisDevicePushSubscriptionId()).toBeNull();
    stop();
  });

  it('does not wait for a service worker still installing: without a registration there is nothing to remove', async () => {
    fakeBrowserPush('granted');
    Object.assign(navigator.serviceWorker, {
      ready: new Promise(() => undefined),
      getRegistration: () => Promise.resolve(undefined),
    });
    await disablePush();
    expect(server.requestsTo('DELETE /api/v1/push/subscriptions')).toHaveLength(0);
  });
});
