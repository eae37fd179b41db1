/**
 * The kinds of live event (`GET /api/v1/events`) and how the web app reads one, without zod: the
 * stream opens on the first routes, which carry no schema code. `ZLiveEvent` (schema.ts) is built
 * from the same list, and a test holds the two readings equal.
 */
export const LIVE_EVENT_TYPES = [
  'notification.created',
  'notification.changed',
  'user-activity.changed',
  'stats.changed',
  'profile.changed',
  'family.changed',
  /** The family's own activities changed (added, edited, removed). */
  'activities.changed',
  /** The stream could not resume where the app left it: everything may have changed. */
  'resync',
] as const;

export interface LiveEvent {
  type: (typeof LIVE_EVENT_TYPES)[number];
  /** The record concerned, when one (a notification's id). */
  id?: string;
}

/** An event of a kind this app knows, else null (a newer server's kind is left alone). */
export function readLiveEvent(value: unknown): LiveEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const { type, id } = value as Record<string, unknown>;
  if (!(LIVE_EVENT_TYPES as readonly unknown[]).includes(type)) return null;
  if (id !== undefined && typeof id !== 'string') return null;
  return { type: type as LiveEvent['type'], ...(id !== undefined && { id }) };
}
