/** Issue 28: at most this many push subscriptions (devices) per user. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

export interface RenewableSubscription {
  id: string;
  createdAt: string;
  renewedAt: string;
}

/**
 * The subscriptions a user loses when they have more than the limit: the least recently renewed
 * (then the oldest) go first, and never `keptId`, the one just saved. A device still in use
 * renews weekly, so what goes is a browser that is gone or no longer opened.
 */
export function subscriptionsOverLimit(
  subscriptions: readonly RenewableSubscription[],
  keptId: string,
  limit = MAX_PUSH_SUBSCRIPTIONS_PER_USER,
): string[] {
  const newestFirst = subscriptions
    .filter((subscription) => subscription.id !== keptId)
    .sort(
      (a, b) =>
        b.renewedAt.localeCompare(a.renewedAt) ||
        b.createdAt.localeCompare(a.createdAt) ||
        a.id.localeCompare(b.id),
    );
  return newestFirst.slice(Math.max(0, limit - 1)).map((subscription) => subscription.id);
}
