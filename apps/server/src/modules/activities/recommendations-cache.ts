/** How long a family's recommendations answer is reused while nothing of theirs changes. */
export const RECOMMENDATIONS_CACHE_MS = 30_000;
const MAX_ENTRIES = 5_000;

/**
 * Serialized `GET /recommendations` answers by family, data version and query. The version
 * (see plugins/data-versions.ts) changes with every write of the family, so a hit is always
 * computed from their current data; the short life bounds how old its weather can be.
 */
export function createRecommendationsCache(now: () => number = Date.now) {
  const entries = new Map<string, { body: string; expiresAt: number }>();
  return {
    get(key: string): string | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.body;
    },
    set(key: string, body: string): void {
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { body, expiresAt: now() + RECOMMENDATIONS_CACHE_MS });
    },
  };
}

export function recommendationsCacheKey(
  userId: string,
  version: number,
  query: Readonly<Record<string, unknown>>,
): string {
  const canonical = Object.keys(query)
    .sort()
    .map((name) => `${name}=${String(query[name])}`)
    .join('&');
  return `${userId}\u0000${version}\u0000${canonical}`;
}
