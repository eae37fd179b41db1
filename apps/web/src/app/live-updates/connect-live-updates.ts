import type { QueryClient } from '@tanstack/react-query';
import { openLiveEvents, type LiveEventOptions } from '../../lib/live-events';
import { invalidateForLiveEvent } from './live-event-invalidations';

/**
 * The live event stream feeding the query cache. Its own chunk, loaded after the first page is
 * up: the stream is an extra, not something the first route should wait for or weigh.
 */
export function connectLiveUpdates(queryClient: QueryClient, options?: LiveEventOptions) {
  return openLiveEvents((event) => void invalidateForLiveEvent(queryClient, event), options);
}
