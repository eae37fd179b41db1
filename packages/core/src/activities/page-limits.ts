/**
 * Spec §7 local data and DESIGN: lists take `skip` (default 0) and `limit` (default 50, at most
 * 100). Apart from query.ts (its zod schemas), so that the web app's first route can page through
 * a list without bringing zod.
 */
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 100;
