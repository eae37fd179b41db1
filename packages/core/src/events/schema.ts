import { z } from 'zod';

/**
 * What the live event stream (`GET /api/v1/events`) tells an open app: which of its data changed.
 * An event carries no data of its own; the app refetches what it names.
 */
export const ZLiveEventType = z.enum([
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
]);
export type TLiveEventType = z.infer<typeof ZLiveEventType>;

export const ZLiveEvent = z.object({
  type: ZLiveEventType,
  /** The record concerned, when one (a notification's id). */
  id: z.string().optional(),
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;
