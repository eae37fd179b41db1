import { z } from 'zod';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/**
 * Where a push service takes messages: HTTPS, or plain HTTP on this machine only (a local push
 * service; browsers treat loopback as trustworthy in the same way).
 */
export const ZPushEndpoint = z
  .url()
  .max(2048)
  .regex(
    /^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\/)/i,
    'must be an https:// address of a push service',
  );

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

export const ZPushSubscription = z.object({
  id: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
  /** When the browser last confirmed the subscription (it renews after 7 days, spec §9). */
  renewedAt: z.string(),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

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
