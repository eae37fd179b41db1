import { isPushRenewalDue } from '@kkb/core/push/renewal';
import type {
  TPushPublicKey,
  TPushSubscription,
  TPushSubscriptionInput,
} from '@kkb/core/push/schema';
import { apiDelete, apiGet, apiPost, ApiError } from './api-client';

/**
 * Web Push on this device (DESIGN Push; spec §4 Push permission, §8, §9). No failure throws
 * (§8: a failed token request returns null); turning push on says why it did not work, so the
 * switch can tell the parent what to do.
 */

/**
 * How long subscribing may take. The browser asks its vendor's push service for an endpoint;
 * with that service out of reach (a network that blocks it, a browser with it turned off)
 * Chromium answers only after about 90 seconds, all that time with the switch greyed out.
 */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 15_000;

/**
 * When this device last sent its subscription to the server (ms), which one, and the id the
 * server gave it (how the list of the user's devices knows this one), kept across visits.
 */
const RENEWED_AT_KEY = 'pushRenewedAt';
const SENT_ENDPOINT_KEY = 'pushEndpoint';
const SUBSCRIPTION_ID_KEY = 'pushSubscriptionId';

/** Tells what shows this device's push state (its switch, the list of devices) that it changed. */
const pushChanges = new EventTarget();

export function onPushChange(listener: () => void): () => void {
  pushChanges.addEventListener('change', listener);
  return () => pushChanges.removeEventListener('change', listener);
}

const announceChange = (): void => {
  pushChanges.dispatchEvent(new Event('change'));
};

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

const readStored = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const readSentEndpoint = (): string | null => readStored(SENT_ENDPOINT_KEY);

/** The id of this device's subscription on the server, when it has one. */
export const thisDevicePushSubscriptionId = (): string | null => readStored(SUBSCRIPTION_ID_KEY);

const writeSent = (sent: { at: number; endpoint: string; id: string } | null): void => {
  try {
    if (sent === null) {
      window.localStorage.removeItem(RENEWED_AT_KEY);
      window.localStorage.removeItem(SENT_ENDPOINT_KEY);
      window.localStorage.removeItem(SUBSCRIPTION_ID_KEY);
    } else {
      window.localStorage.setItem(RENEWED_AT_KEY, String(sent.at));
      window.localStorage.setItem(SENT_ENDPOINT_KEY, sent.endpoint);
      window.localStorage.setItem(SUBSCRIPTION_ID_KEY, sent.id);
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
  const saved = await apiPost<TPushSubscription>(
    '/api/v1/push/subscriptions',
    subscription.toJSON() as TPushSubscriptionInput,
  );
  writeSent({ at: Date.now(), endpoint: subscription.endpoint, id: saved.id });
  announceChange();
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** What turning push on came to. */
export type PushEnabling =
  | { status: 'on'; subscription: PushSubscription }
  /** Push cannot work here, or the parent did not allow it (the switch explains which). */
  | { status: 'not-allowed' }
  /** The browser's push service did not answer in time, or refused to subscribe. */
  | { status: 'push-service-unreachable' }
  /** Our server did not take the subscription (or give its key). */
  | { status: 'server-failed' };

class PushServiceUnreachable extends Error {}

/** The browser's own part (service worker, push service), given up after the time-out. */
function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PushServiceUnreachable()), PUSH_SUBSCRIBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function subscribeFresh(reg: ServiceWorkerRegistration): Promise<PushSubscription> {
  const { publicKey } = await apiGet<TPushPublicKey>('/api/v1/push/public-key');
  return withinTimeout(
    reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: decodeKey(publicKey),
    }),
  );
}

/**
 * Turns push on for this device: asks for permission while it is still `default` (spec §4), then
 * subscribes (given up after `PUSH_SUBSCRIBE_TIMEOUT_MS`) and tells the server.
 */
export async function enablePush(): Promise<PushEnabling> {
  const availability = pushAvailability();
  if (availability.kind !== 'available') return { status: 'not-allowed' };
  let subscription: PushSubscription;
  try {
    const permission =
      availability.permission === 'default'
        ? await Notification.requestPermission()
        : availability.permission;
    if (permission !== 'granted') return { status: 'not-allowed' };
    const reg = await withinTimeout(registration());
    subscription =
      (await withinTimeout(reg.pushManager.getSubscription())) ?? (await subscribeFresh(reg));
  } catch (error) {
    // The key's request is ours; anything else here is the browser's (AbortError: "Registration
    // failed - push service error", or the time-out).
    return error instanceof ApiError
      ? { status: 'server-failed' }
      : { status: 'push-service-unreachable' };
  }
  try {
    await sendToServer(subscription);
    return { status: 'on', subscription };
  } catch {
    return { status: 'server-failed' };
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
    if (!isPushRenewalDue(readRenewedAt(), now)) {
      // Sent by a version of the app that kept no id: sent again (the server updates it) to learn it.
      if (thisDevicePushSubscriptionId() === null) await sendToServer(current);
      return;
    }
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

async function turnOff({ tellServer }: { tellServer: boolean }): Promise<void> {
  if (pushAvailability().kind !== 'available') return;
  try {
    // Not `ready`: that waits until a first service worker has installed (precached the app),
    // which held a sign-out back for as long; a subscription lives on an existing registration.
    const reg = await navigator.serviceWorker.getRegistration();
    writeSent(null);
    const subscription = await reg?.pushManager.getSubscription();
    if (!subscription) return;
    if (tellServer) {
      await apiDelete('/api/v1/push/subscriptions', {
        body: { endpoint: subscription.endpoint },
      }).catch(() => {});
    }
    await subscription.unsubscribe();
  } catch {
    // Nothing more to do: the server drops a dead subscription on its first 404/410.
  } finally {
    announceChange();
  }
}

/** Turns push off for this device (the parent's choice, or signing out): server first, then the browser. */
export function disablePush(): Promise<void> {
  return turnOff({ tellServer: true });
}

/** This device's subscription was removed on the server (from the list of devices): the browser's goes too. */
export function forgetPushOnThisDevice(): Promise<void> {
  return turnOff({ tellServer: false });
}
