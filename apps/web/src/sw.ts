/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  PUSH_MESSAGE_TYPE,
  PUSH_SUBSCRIPTION_CHANGED_TYPE,
  type ForegroundPush,
} from './lib/push-messages';

declare let self: ServiceWorkerGlobalScope;

// The app shell: every built asset, listed by vite-plugin-pwa at build time. API answers are not
// cached here: the app keeps its query cache for offline use itself (lib/offline-caches), per
// user, and a fetch offline fails at once instead of waiting on the network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes load the shell; the API is never answered with index.html.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }),
);

/** Runtime caches of API answers kept by earlier versions: one family's data, keyed by URL only. */
const RETIRED_API_CACHES = ['activities', 'weather'];

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([self.clients.claim(), ...RETIRED_API_CACHES.map((name) => caches.delete(name))]),
  );
});

type PushPayload = ForegroundPush;

function readPushPayload(event: PushEvent): PushPayload {
  if (!event.data) return {};
  try {
    return event.data.json() as PushPayload;
  } catch {
    return { body: event.data.text() };
  }
}

async function showPush(payload: PushPayload): Promise<void> {
  // The app in the foreground shows the message itself, in the page, instead of a system
  // notification over it (spec §7: foreground messages).
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const visible = windows.filter((client) => client.visibilityState === 'visible');
  if (visible.length > 0) {
    for (const client of visible) client.postMessage({ type: PUSH_MESSAGE_TYPE, payload });
    return;
  }
  const options: NotificationOptions & { image?: string } = {
    body: payload.body,
    icon: payload.icon ?? '/icon-192.png',
    badge: '/icon-192.png',
    tag: payload.data?.notificationId,
    data: { link: payload.data?.link ?? '/notifications' },
  };
  if (payload.image) options.image = payload.image;
  await self.registration.showNotification(payload.title ?? 'Keep Kid Busy', options);
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(readPushPayload(event)));
});

// The browser replaced the subscription (expiry, key rotation). Subscribe again with the same
// key; an open tab sends it to the server now, else the app does on its next start.
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as Event & {
    oldSubscription?: PushSubscription | null;
    waitUntil(promise: Promise<unknown>): void;
  };
  change.waitUntil(
    (async () => {
      const key = change.oldSubscription?.options.applicationServerKey;
      if (key) {
        await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: key,
        });
      }
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: PUSH_SUBSCRIPTION_CHANGED_TYPE });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { link?: string } | null;
  const target = new URL(data?.link ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const sameApp = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (sameApp) {
        const focused = await sameApp.focus();
        if (focused.url !== target) await focused.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
