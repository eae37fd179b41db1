import type { TLiveEventType } from '@kkb/core/events/schema';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getAchievementsQueryOptions } from '../../features/achievements/api/get-achievements';
import { getStatsQueryOptions } from '../../features/achievements/api/get-stats';
import { getActivityQueryOptions } from '../../features/activities/api/get-activity';
import { getRecommendationsQueryOptions } from '../../features/activities/api/get-recommendations';
import { getUserActivitiesQueryOptions } from '../../features/activities/api/get-user-activities';
import { getWeatherQueryOptions } from '../../features/activities/api/get-weather';
import { getFamilyQueryOptions } from '../../features/family/api/get-family';
import { getProfileQueryOptions } from '../../features/family/api/get-profile';
import { getNotificationPreferencesQueryOptions } from '../../features/notifications/api/get-notification-preferences';
import { getNotificationsQueryOptions } from '../../features/notifications/api/get-notifications';
import { getUnreadCountQueryOptions } from '../../features/notifications/api/get-unread-count';
import { invalidateForLiveEvent } from './live-event-invalidations';

/**
 * A cache holding one query of each kind the app shows, by a readable name, under the keys the
 * features themselves use (the invalidations write them out; this checks they agree).
 */
function seededCache() {
  const queryClient = new QueryClient();
  const queries = {
    notificationList: getNotificationsQueryOptions().queryKey,
    notificationListFiltered: getNotificationsQueryOptions('weather_alert').queryKey,
    unreadCount: getUnreadCountQueryOptions().queryKey,
    notificationPreferences: getNotificationPreferencesQueryOptions().queryKey,
    userActivities: getUserActivitiesQueryOptions().queryKey,
    recommendations: getRecommendationsQueryOptions({ timeAvailable: 30, location: 'both' })
      .queryKey,
    activityDetail: getActivityQueryOptions('volcano').queryKey,
    stats: getStatsQueryOptions().queryKey,
    achievements: getAchievementsQueryOptions().queryKey,
    profile: getProfileQueryOptions().queryKey,
    weather: getWeatherQueryOptions().queryKey,
    family: getFamilyQueryOptions().queryKey,
  };
  for (const queryKey of Object.values<QueryKey>(queries)) queryClient.setQueryData(queryKey, {});
  const invalidated = () =>
    Object.entries(queries)
      .filter(([, queryKey]) => queryClient.getQueryState(queryKey)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { queryClient, invalidated };
}

describe('live events → what refetches', () => {
  it.each<[TLiveEventType, string[]]>([
    ['notification.created', ['notificationList', 'notificationListFiltered', 'unreadCount']],
    ['notification.changed', ['notificationList', 'notificationListFiltered', 'unreadCount']],
    ['user-activity.changed', ['recommendations', 'userActivities']],
    ['stats.changed', ['achievements', 'stats']],
    ['profile.changed', ['profile', 'recommendations', 'weather']],
    ['family.changed', ['family']],
    ['activities.changed', ['activityDetail', 'recommendations']],
  ])('%s makes stale: %j', async (type, expected) => {
    const { queryClient, invalidated } = seededCache();
    await invalidateForLiveEvent(queryClient, { type });
    expect(invalidated()).toEqual(expected.sort());
  });

  it('resync: everything the events cover (and nothing else)', async () => {
    const { queryClient, invalidated } = seededCache();
    await invalidateForLiveEvent(queryClient, { type: 'resync' });
    expect(invalidated()).not.toContain('notificationPreferences');
    expect(invalidated()).toHaveLength(11);
  });
});
