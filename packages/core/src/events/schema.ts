import { z } from 'zod';
import { LIVE_EVENT_TYPES } from './live-event.ts';

/**
 * What the live event stream (`GET /api/v1/events`) tells an open app: which of its data changed.
 * An event carries no data of its own; the app refetches what it names.
 */
export const ZLiveEventType = z.enum(LIVE_EVENT_TYPES);
export type TLiveEventType = z.infer<typeof ZLiveEventType>;

export const ZLiveEvent = z.object({
  type: ZLiveEventType,
  /** The record concerned, when one (a notification's id). */
  id: z.string().optional(),
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;
