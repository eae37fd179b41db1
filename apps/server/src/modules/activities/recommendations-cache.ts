import type { CompressedAnswer } from '../../lib/compressed-answer.ts';
import { ExpiringCache } from '../../lib/expiring-cache.ts';

/** How long a family's recommendations answer is reused while nothing of theirs changes. */
export const RECOMMENDATIONS_CACHE_MS = 30_000;
const MAX_ENTRIES = 5_000;

/**
 * `GET /recommendations` answers, serialized and compressed as sent, by family, data version
 * and query. The version (see plugins/data-versions.ts) changes with every write of the family,
 * so a hit is always computed from their current data; the short life bounds how old its
 * weather can be.
 */
export function createRecommendationsCache(now?: () => number): ExpiringCache<CompressedAnswer> {
  return new ExpiringCache<CompressedAnswer>({
    maxEntries: MAX_ENTRIES,
    ttlMs: RECOMMENDATIONS_CACHE_MS,
    now,
  });
}

export function recommendationsCacheKey(
  familyId: string,
  version: number,
  query: Readonly<Record<string, unknown>>,
): string {
  const canonical = Object.keys(query)
    .sort()
    .map((name) => `${name}=${String(query[name])}`)
    .join('&');
  return `${familyId}\u0000${version}\u0000${canonical}`;
}
