import type { TLiveEvent, TLiveEventType } from '@kkb/core/events/schema';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * The features' query keys, written out rather than imported: importing the features' api
 * modules into this lazy chunk would split them out of the first route's chunks, which costs
 * that route a few KB of chunk overhead. live-event-invalidations.test.ts checks each key
 * against the feature's own queryOptions.
 */
const NOTIFICATION_LISTS = ['notifications', 'list'];
const UNREAD_COUNT = ['notifications', 'unread-count'];
const USER_ACTIVITIES = ['user-activities'];
const RECOMMENDATIONS = ['activities', 'recommendations'];
const STATS = ['achievements', 'stats'];
const ACHIEVEMENTS = ['achievements', 'list'];
const PROFILE = ['family', 'profile'];
const WEATHER = ['weather', 'home'];
const FAMILY = ['family', 'members'];
/** The catalogue with the family's own activities: lists, details, recommendations. */
const ACTIVITIES = ['activities'];

/** What each live event makes stale: the queries showing the data it names. */
export const LIVE_EVENT_QUERY_KEYS: Readonly<Record<TLiveEventType, readonly QueryKey[]>> = {
  'notification.created': [NOTIFICATION_LISTS, UNREAD_COUNT],
  'notification.changed': [NOTIFICATION_LISTS, UNREAD_COUNT],
  // Favourites and tried activities score higher in the recommendations.
  'user-activity.changed': [USER_ACTIVITIES, RECOMMENDATIONS],
  'stats.changed': [STATS, ACHIEVEMENTS],
  // The children live in the profile; they and the home (the weather's place) drive suggestions.
  'profile.changed': [PROFILE, RECOMMENDATIONS, WEATHER],
  'family.changed': [FAMILY],
  'activities.changed': [ACTIVITIES],
  // The stream could not resume: anything it covers may have changed meanwhile.
  resync: [
    NOTIFICATION_LISTS,
    UNREAD_COUNT,
    USER_ACTIVITIES,
    ACTIVITIES,
    STATS,
    ACHIEVEMENTS,
    PROFILE,
    WEATHER,
    FAMILY,
  ],
};

/** Refetches what the event names (only queries on screen refetch now; the rest when shown). */
export async function invalidateForLiveEvent(
  queryClient: QueryClient,
  event: TLiveEvent,
): Promise<void> {
  await Promise.all(
    LIVE_EVENT_QUERY_KEYS[event.type].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
