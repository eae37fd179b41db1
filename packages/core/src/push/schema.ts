import { z } from 'zod';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/**
 * Where a push service takes messages: always HTTPS (issue 28). Whether its host may be reached
 * (a public address, or one of PUSH_SERVICE_HOSTS) is the server's to check: it needs DNS.
 */
export const ZPushEndpoint = z
  .url({ protocol: /^https$/, error: 'must be an https:// address of a push service' })
  .max(2048);

/** `POST /push/subscriptions`: a browser's `PushSubscription.toJSON()`. */
export const ZPushSubscriptionInput = z.object({
  endpoint: ZPushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes → 87 base64url characters). */
    p256dh: base64url.length(87),
    /** The 16-byte authentication secret (22 base64url characters). */
    auth: base64url.length(22),
  }),
});
export type TPushSubscriptionInput = z.infer<typeof ZPushSubscriptionInput>;

/**
 * One of the user's push subscriptions, as they see it in their list of devices: never its keys,
 * nor the endpoint (a capability: whoever has it can send to the device), only its host.
 */
export const ZPushSubscription = z.object({
  id: z.string(),
  /** The browser and system that subscribed ("Chrome on Android"), from its User-Agent. */
  device: z.string(),
  /** The push service's host name (e.g. fcm.googleapis.com). */
  pushService: z.string(),
  createdAt: z.iso.datetime(),
  /** When the browser last confirmed the subscription (it renews after 7 days, spec §9). */
  renewedAt: z.iso.datetime(),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** `GET /push/subscriptions`: the signed-in user's devices, most recently renewed first. */
export const ZPushSubscriptionList = z.object({ subscriptions: z.array(ZPushSubscription) });
export type TPushSubscriptionList = z.infer<typeof ZPushSubscriptionList>;

/** `DELETE /push/subscriptions/{id}`. */
export const ZPushSubscriptionIdParams = z.object({ id: z.string().min(1).max(64) });
export type TPushSubscriptionIdParams = z.infer<typeof ZPushSubscriptionIdParams>;

/** `DELETE /push/subscriptions`: this device's subscription. */
export const ZPushUnsubscribe = z.object({ endpoint: z.string().max(2048) });
export type TPushUnsubscribe = z.infer<typeof ZPushUnsubscribe>;

export const ZPushPublicKey = z.object({ publicKey: z.string() });
export type TPushPublicKey = z.infer<typeof ZPushPublicKey>;

/** What a push message carries (spec §7 foreground message: title, body, image, icon, data, link, label). */
export const ZPushMessage = z.object({
  title: z.string(),
  body: z.string(),
  icon: z.string(),
  image: z.string().optional(),
  /** The notification's kind, so the app can group or style it. */
  label: z.string(),
  data: z.object({ link: z.string().optional(), notificationId: z.string().optional() }),
});
export type TPushMessage = z.infer<typeof ZPushMessage>;
