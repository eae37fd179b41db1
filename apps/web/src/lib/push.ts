import { isPushRenewalDue } from '@kkb/core/push/renewal';
import type {
  TPushPublicKey,
  TPushSubscription,
  TPushSubscriptionInput,
} from '@kkb/core/push/schema';
import { apiDelete, apiGet, apiPost } from './api-client';

/**
 * Web Push on this device (DESIGN Push; spec §4 Push permission, §8, §9). Every failure ends in
 * "no subscription", never an error a parent has to read (§8: a failed token request returns null).
 */

/** When this device last sent its subscription to the server (ms), and which one, kept across visits. */
const RENEWED_AT_KEY = 'pushRenewedAt';
const SENT_ENDPOINT_KEY = 'pushEndpoint';

export type PushAvailability =
  /** Push works here; `permission` says whether the parent allowed it. */
  | { kind: 'available'; permission: NotificationPermission }
  /** iPhone or iPad in the browser: push only works once the app is on the home screen. */
  | { kind: 'needs-install' }
  | { kind: 'unsupported' };

const isIos = (): boolean =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) ||
  // iPadOS reports itself as a Mac with touch.
  (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

const isInstalled = (): boolean =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

export function pushAvailability(): PushAvailability {
  const supported =
    'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!supported)
    return isIos() && !isInstalled() ? { kind: 'needs-install' } : { kind: 'unsupported' };
  return { kind: 'available', permission: Notification.permission };
}

const readRenewedAt = (): number | null => {
  try {
    const value = Number(window.localStorage.getItem(RENEWED_AT_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
};

const readSentEndpoint = (): string | null => {
  try {
    return window.localStorage.getItem(SENT_ENDPOINT_KEY);
  } catch {
    return null;
  }
};

const writeSent = (sent: { at: number; endpoint: string } | null): void => {
  try {
    if (sent === null) {
      window.localStorage.removeItem(RENEWED_AT_KEY);
      window.localStorage.removeItem(SENT_ENDPOINT_KEY);
    } else {
      window.localStorage.setItem(RENEWED_AT_KEY, String(sent.at));
      window.localStorage.setItem(SENT_ENDPOINT_KEY, sent.endpoint);
    }
  } catch {
    // Without storage the subscription is renewed on every visit: harmless.
  }
};

/** The application server key as PushManager wants it. */
function decodeKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function sendToServer(subscription: PushSubscription): Promise<void> {
  await apiPost<TPushSubscription>(
    '/api/v1/push/subscriptions',
    subscription.toJSON() as TPushSubscriptionInput,
  );
  writeSent({ at: Date.now(), endpoint: subscription.endpoint });
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

async function subscribeFresh(reg: ServiceWorkerRegistration): Promise<PushSubscription> {
  const { publicKey } = await apiGet<TPushPublicKey>('/api/v1/push/public-key');
  return reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: decodeKey(publicKey),
  });
}

/**
 * Turns push on for this device: asks for permission while it is still `default` (spec §4), then
 * subscribes and tells the server. Resolves with the subscription, or null when push is not
 * available, not allowed, or anything on the way fails.
 */
export async function enablePush(): Promise<PushSubscription | null> {
  const availability = pushAvailability();
  if (availability.kind !== 'available') return null;
  try {
    const permission =
      availability.permission === 'default'
        ? await Notification.requestPermission()
        : availability.permission;
    if (permission !== 'granted') return null;
    const reg = await registration();
    const subscription = (await reg.pushManager.getSubscription()) ?? (await subscribeFresh(reg));
    await sendToServer(subscription);
    return subscription;
  } catch {
    return null;
  }
}

/**
 * Spec §9: a registration older than 7 days is renewed: a new subscription replaces the old one,
 * on the server too. A subscription the browser replaced on its own (`pushsubscriptionchange`,
 * while no tab could tell the server) is sent now. Does nothing without permission; never asks.
 */
export async function renewPushIfDue(now = Date.now()): Promise<void> {
  const availability = pushAvailability();
  if (availability.kind !== 'available' || availability.permission !== 'granted') return;
  try {
    const reg = await registration();
    const current = await reg.pushManager.getSubscription();
    if (!current) return;
    const sentEndpoint = readSentEndpoint();
    if (sentEndpoint !== null && sentEndpoint !== current.endpoint) {
      await sendToServer(current);
      await apiDelete('/api/v1/push/subscriptions', {
        body: { endpoint: sentEndpoint },
      }).catch(() => {});
      return;
    }
    if (!isPushRenewalDue(readRenewedAt(), now)) return;
    const oldEndpoint = current.endpoint;
    await current.unsubscribe();
    const fresh = await subscribeFresh(reg);
    await sendToServer(fresh);
    if (fresh.endpoint !== oldEndpoint) {
      await apiDelete('/api/v1/push/subscriptions', {
        body: { endpoint: oldEndpoint },
      }).catch(() => {});
    }
  } catch {
    // Tried again on the next visit.
  }
}

/** Whether this device currently receives push messages for the signed-in user. */
export async function isPushEnabled(): Promise<boolean> {
  const availability = pushAvailability();
  if (availability.kind !== 'available' || availability.permission !== 'granted') return false;
  try {
    return (
      (await (await registration()).pushManager.getSubscription()) !== null &&
      readRenewedAt() !== null
    );
  } catch {
    return false;
  }
}

/** Turns push off for this device (the parent's choice, or signing out): server first, then the browser. */
export async function disablePush(): Promise<void> {
  if (pushAvailability().kind !== 'available') return;
  try {
    // Not `ready`: that waits until a first service worker has installed (precached the app),
    // which held a sign-out back for as long; a subscription lives on an existing registration.
    const reg = await navigator.serviceWorker.getRegistration();
    writeSent(null);
    const subscription = await reg?.pushManager.getSubscription();
    if (!subscription) return;
    await apiDelete('/api/v1/push/subscriptions', {
      body: { endpoint: subscription.endpoint },
    }).catch(() => {});
    await subscription.unsubscribe();
  } catch {
    // Nothing more to do: the server drops a dead subscription on its first 404/410.
  }
}
