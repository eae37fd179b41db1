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
import { disablePush, enablePush, isPushEnabled, pushAvailability, renewPushIfDue } from './push';

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
  it('a browser without push: unsupported, and enabling gives null without an error (§8)', async () => {
    expect(pushAvailability()).toEqual({ kind: 'unsupported' });
    await expect(enablePush()).resolves.toBeNull();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('an iPhone outside the home screen is told to add the app first', () => {
    pretendIphone();
    expect(pushAvailability()).toEqual({ kind: 'needs-install' });
  });

  it("'default' is asked; a refusal ends in null and nothing reaches the server", async () => {
    const browser = fakeBrowserPush('default', 'denied');
    await expect(enablePush()).resolves.toBeNull();
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.requestsTo('POST /api/v1/push/subscriptions')).toHaveLength(0);
  });

  it("'denied' is never asked again", async () => {
    const browser = fakeBrowserPush('denied');
    await expect(enablePush()).resolves.toBeNull();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('granted: subscribes with the server key and sends the subscription', async () => {
    const browser = fakeBrowserPush('default', 'granted');
    const subscription = await enablePush();
    expect(subscription?.endpoint).toBe('https://push.example.com/device-1');
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

  it('a failing server ends in null too', async () => {
    fakeBrowserPush('granted');
    server.on('POST /api/v1/push/subscriptions', () =>
      jsonResponse(500, { detail: 'x', code: 'UNKNOWN_ERROR' }),
    );
    await expect(enablePush()).resolves.toBeNull();
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
