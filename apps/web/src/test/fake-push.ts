import type { TPushSubscription } from '@kkb/core/push/schema';
import { vi } from 'vitest';
import { jsonResponse, type FakeFetch } from './fake-fetch';

/**
 * A browser's push machinery, as far as the app uses it: `Notification` with its permission (and
 * the answer a prompt gets), `PushManager`, and a service worker registration whose pushManager
 * keeps one subscription. `navigator.serviceWorker` gets `addEventListener` too, so a test can
 * play the service worker posting a message (`postFromWorker`).
 */
export function fakeBrowserPush(
  permission: NotificationPermission,
  answer: NotificationPermission = permission,
) {
  let counter = 0;
  let current: (PushSubscription & { endpoint: string }) | null = null;
  const makeSubscription = () => {
    counter += 1;
    const endpoint = `https://push.example.com/device-${counter}`;
    const subscription = {
      endpoint,
      toJSON: () => ({
        endpoint,
        expirationTime: null,
        keys: { p256dh: 'k'.repeat(87), auth: 'a'.repeat(22) },
      }),
      unsubscribe: vi.fn(async () => {
        if (current === subscription) current = null;
        return true;
      }),
    } as unknown as PushSubscription & { endpoint: string };
    return subscription;
  };
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = makeSubscription();
      return current;
    }),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  const workerMessages = new EventTarget();
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve({ pushManager }),
      getRegistration: () => Promise.resolve({ pushManager }),
      addEventListener: workerMessages.addEventListener.bind(workerMessages),
      removeEventListener: workerMessages.removeEventListener.bind(workerMessages),
    },
  });
  return {
    pushManager,
    notification,
    current: () => current,
    postFromWorker: (data: unknown) =>
      workerMessages.dispatchEvent(new MessageEvent('message', { data })),
  };
}

/** Undoes `fakeBrowserPush` (the stubbed globals go with `vi.unstubAllGlobals`). */
export function removeBrowserPush(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}

/** Makes the browser an iPhone's Safari (outside the home screen, as jsdom has no standalone mode). */
export function pretendIphone(): void {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
  );
}

/**
 * The server's push routes as the fake server answers them, keeping the user's subscriptions:
 * `devices` lists them as `GET /push/subscriptions` does, newest first (more can be added to
 * play other devices with `addDevice`).
 */
export function answerPushRoutes(server: FakeFetch, publicKey = TEST_VAPID_PUBLIC_KEY) {
  const devices: (TPushSubscription & { endpoint: string })[] = [];
  let counter = 0;
  const addDevice = (fields: Partial<TPushSubscription> & { endpoint?: string } = {}) => {
    counter += 1;
    const id = fields.id ?? `s${counter}`;
    const device = {
      id,
      device: 'Chrome on Android',
      pushService: 'fcm.googleapis.com',
      createdAt: '2026-11-23T10:00:00.000Z',
      renewedAt: '2026-11-23T10:00:00.000Z',
      endpoint: `https://fcm.googleapis.com/fcm/send/${id}`,
      ...fields,
    };
    devices.unshift(device);
    server.on(`DELETE /api/v1/push/subscriptions/${id}`, () => {
      const index = devices.findIndex((d) => d.id === id);
      if (index === -1) return jsonResponse(404, { detail: 'Not found', code: 'DATA_NOT_FOUND' });
      devices.splice(index, 1);
      return new Response(null, { status: 204 });
    });
    return device;
  };
  const listed = ({ endpoint: _endpoint, ...subscription }: (typeof devices)[number]) =>
    subscription;
  server.on('GET /api/v1/push/public-key', () => jsonResponse(200, { publicKey }));
  server.on('GET /api/v1/push/subscriptions', () =>
    jsonResponse(200, { subscriptions: devices.map(listed) }),
  );
  server.on('POST /api/v1/push/subscriptions', (request) => {
    const { endpoint } = request.body as { endpoint: string };
    const known = devices.find((d) => d.endpoint === endpoint);
    return jsonResponse(
      201,
      listed(known ?? addDevice({ endpoint, pushService: 'push.example.com' })),
    );
  });
  server.on('DELETE /api/v1/push/subscriptions', (request) => {
    const { endpoint } = request.body as { endpoint: string };
    const index = devices.findIndex((d) => d.endpoint === endpoint);
    if (index === -1) return jsonResponse(404, { detail: 'Not found', code: 'DATA_NOT_FOUND' });
    devices.splice(index, 1);
    return new Response(null, { status: 204 });
  });
  return { devices, addDevice };
}

/** A VAPID public key's shape: 65 bytes, base64url. */
export const TEST_VAPID_PUBLIC_KEY =
  'BOr6Wm0uJgqLuJ3gwRkG5c5dR5pMW3EEsL7qkTQn0g8p0nFYkq6N8sU1oXQ2mZlq7bJ6V6tW3Hq0Zk2S9xj5VHc';
