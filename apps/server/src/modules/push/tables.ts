/**
 * A browser's Web Push subscription (its endpoint and keys), owned by a user: unique on
 * (user, endpoint), so two users of one browser each have their own.
 */
export interface PushSubscriptionsTable {
  id: string;
  userId: string;
  endpoint: string;
  /** Base64url keys from the browser: its P-256 public key and the auth secret. */
  p256dh: string;
  auth: string;
  /** Core's `describeDevice` of the browser that subscribed ("Chrome on Android"). */
  device: string;
  createdAt: string;
  renewedAt: string;
}

export interface PushTables {
  pushSubscriptions: PushSubscriptionsTable;
}
