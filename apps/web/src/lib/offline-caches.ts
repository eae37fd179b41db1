/** Names of the service worker's runtime caches of API answers (spec §9: kept 24 h for offline use). */
export const API_CACHE_NAMES = { activities: 'activities', weather: 'weather' } as const;

/**
 * Drops the cached API answers. Called at sign-out: the caches are keyed by URL only, so on a
 * shared device the next family could otherwise see this family's activities offline.
 */
export async function clearOfflineApiCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(API_CACHE_NAMES).map((name) => caches.delete(name)));
}
