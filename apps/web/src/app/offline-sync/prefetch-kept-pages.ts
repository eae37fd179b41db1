import type { QueryClient } from '@tanstack/react-query';
import { getAchievementsQueryOptions } from '../../features/achievements/api/get-achievements';
import { getStatsQueryOptions } from '../../features/achievements/api/get-stats';
import { getUserActivitiesQueryOptions } from '../../features/activities/api/get-user-activities';
import { getFamilyQueryOptions } from '../../features/family/api/get-family';
import { getProfileQueryOptions } from '../../features/family/api/get-profile';
import { getNotificationsQueryOptions } from '../../features/notifications/api/get-notifications';
import { getUnreadCountQueryOptions } from '../../features/notifications/api/get-unread-count';

/**
 * A kept answer younger than this is not fetched again by the prefetch (one marked changed since,
 * by a live event or a sync, is): a phone opening the app many times an hour does not ask again
 * each time.
 */
export const PREFETCH_FRESH_MS = 15 * 60_000;

/**
 * Fetches what the pages a parent reads offline show, whether or not they were opened on this
 * device (issue 30): My Activities (the family's marks; the activities are the catalogue the
 * device holds, which app/device-data keeps), achievements and stats, the notifications (their
 * first page, as the list opens) and the profile with its members. Each goes under its page's own key, which keeps it offline (`keptOffline`): saved as
 * it arrives, put back on a reload. Failures are left for the page to show and ask again.
 */
export async function prefetchKeptPages(queryClient: QueryClient): Promise<void> {
  const fresh = { staleTime: PREFETCH_FRESH_MS };
  await Promise.all([
    queryClient.prefetchQuery({ ...getProfileQueryOptions(), ...fresh }),
    queryClient.prefetchQuery({ ...getFamilyQueryOptions(), ...fresh }),
    queryClient.prefetchQuery({ ...getUserActivitiesQueryOptions(), ...fresh }),
    queryClient.prefetchQuery({ ...getStatsQueryOptions(), ...fresh }),
    queryClient.prefetchQuery({ ...getAchievementsQueryOptions(), ...fresh }),
    queryClient.prefetchQuery({ ...getUnreadCountQueryOptions(), ...fresh }),
    queryClient.prefetchInfiniteQuery({ ...getNotificationsQueryOptions(), ...fresh }),
  ]);
}
