import type {
  TCompleteActivityBody,
  TCompletionResult,
  TFamilyStats,
} from '@kkb/core/achievements/schema';
import { DEFAULT_TIME_ZONE, localDay } from '@kkb/core/achievements/calendar';
import { withChildrenPlay } from '@kkb/core/achievements/progress';
import { nextStreak } from '@kkb/core/achievements/streak';
import { recordCompletion, statusOf, type TUserActivity } from '@kkb/core/activities/user-activity';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sendOrQueue, type Sent } from '../../../lib/offline-actions';
import { randomId } from '../../../lib/random-id';
import { useAuth } from '../../auth/components/use-auth';
import { getProfileQueryOptions } from '../../family/api/get-profile';
import { getAchievementsQueryOptions } from './get-achievements';
import { getRecentPlayQueryOptions } from './get-recent-play';
import { getSkillPlayQueryOptions } from './get-skill-play';
import { getStatsQueryOptions } from './get-stats';
import { useCreateMutation } from '../../../hooks/use-create-mutation';

/**
 * The activities feature's queries a completion changes: the family's list (the activity is now
 * tried) and the recommendations (tried ones score more). Their keys are repeated here, not
 * imported, because achievements may not import activities; keep them in step with its api/.
 */
const USER_ACTIVITIES_QUERY_KEY = ['user-activities'] as const;
const RECOMMENDATIONS_QUERY_KEY = ['activities', 'recommendations'] as const;

export interface CompleteActivityInput {
  activityId: string;
  body: TCompleteActivityBody;
}

/** `POST /activities/{id}/complete`: stats after it, what it unlocked, and the user activity. */
export function completeActivity({
  activityId,
  body,
}: CompleteActivityInput): Promise<TCompletionResult> {
  return apiPost<TCompletionResult>(
    `/api/v1/activities/${encodeURIComponent(activityId)}/complete`,
    body,
  );
}

/**
 * The stats with one more completion, as far as the app can tell offline: the count, the minutes,
 * the streak (core's rule, on the family's calendar day of `completedAt`), the member's play and
 * the children's. Points and achievements wait for the server.
 */
function withCompletion(
  stats: TFamilyStats,
  {
    minutes = 0,
    day,
    userId,
    childIds = [],
  }: { minutes?: number; day: string; userId: string; childIds?: readonly string[] },
): TFamilyStats {
  return {
    ...stats,
    ...nextStreak(stats, day),
    totalActivities: stats.totalActivities + 1,
    totalTimeSpent: stats.totalTimeSpent + minutes,
    byMember: stats.byMember.map((member) =>
      member.userId === userId
        ? { ...member, activities: member.activities + 1, minutes: member.minutes + minutes }
        : member,
    ),
    byChild: withChildrenPlay(stats.byChild, childIds, minutes),
  };
}

/** The family's records with `activityId` done at `completedAt` by `userId` with `childIds`. */
function withCompletedRecord(
  records: readonly TUserActivity[],
  activityId: string,
  completedAt: string,
  userId: string,
  childIds: readonly string[],
): TUserActivity[] {
  const existing = records.find((record) => record.activityId === activityId);
  const fields = recordCompletion(
    existing,
    completedAt,
    userId,
    new Date().toISOString(),
    childIds,
  );
  const record: TUserActivity = {
    id: existing?.id ?? `pending-${activityId}`,
    activityId,
    ...fields,
    userId,
    status: statusOf(fields),
  };
  return existing === undefined
    ? [record, ...records]
    : records.map((r) => (r === existing ? record : r));
}

/**
 * Shows a queued completion at once: the activity tried, the stats and the recent play counting
 * it.
 */
function showQueuedCompletion(
  queryClient: QueryClient,
  { activityId, body }: CompleteActivityInput,
  completedAt: string,
  userId: string,
) {
  const profile = queryClient.getQueryData(getProfileQueryOptions().queryKey);
  const day = localDay(completedAt, profile?.familyInfo.timezone ?? DEFAULT_TIME_ZONE);
  const childIds = body.childIds ?? [];
  queryClient.setQueryData(getStatsQueryOptions().queryKey, (stats) =>
    stats === undefined
      ? undefined
      : withCompletion(stats, { minutes: body.minutes, day, userId, childIds }),
  );
  // The device's ranking counts it for the children who played (the balance of skills).
  queryClient.setQueryData(getRecentPlayQueryOptions().queryKey, (recent) =>
    recent === undefined
      ? undefined
      : { ...recent, completions: [...recent.completions, { activityId, completedAt, childIds }] },
  );
  queryClient.setQueryData<TUserActivity[]>(USER_ACTIVITIES_QUERY_KEY, (records) =>
    records === undefined
      ? undefined
      : withCompletedRecord(records, activityId, completedAt, userId, childIds),
  );
}

/**
 * Logs a completion; the stats, achievements and the family's activity list follow it. Offline
 * (or behind other queued actions) it is queued as `addAchievement` with its minutes, time and
 * children, under the same clientId the endpoint would get, so it counts once for the day it was
 * done.
 */
export function useCompleteActivity() {
  const queryClient = useQueryClient();
  const auth = useAuth();
  return useCreateMutation({
    mutationFn: async (input: CompleteActivityInput): Promise<Sent<TCompletionResult>> => {
      const body = { ...input.body, clientId: input.body.clientId ?? randomId() };
      // Online the server's clock dates it; queued, it carries the time it was done.
      const completedAt = body.completedAt ?? new Date().toISOString();
      const sent = await sendOrQueue(
        {
          kind: 'addAchievement',
          payload: {
            activityId: input.activityId,
            minutes: body.minutes,
            completedAt,
            ...(body.childIds !== undefined && { childIds: body.childIds }),
          },
        },
        () => completeActivity({ activityId: input.activityId, body }),
        { clientId: body.clientId },
      );
      if (sent.queued) {
        showQueuedCompletion(queryClient, { ...input, body }, completedAt, auth.user?.id ?? '');
      }
      return sent;
    },
    onSuccess: (sent) => {
      if (sent.queued) return;
      // The answer carries the new stats: show them at once; the lists refetch in the background.
      queryClient.setQueryData(getStatsQueryOptions().queryKey, sent.result.stats);
      void queryClient.invalidateQueries({ queryKey: getAchievementsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getSkillPlayQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getRecentPlayQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: USER_ACTIVITIES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: RECOMMENDATIONS_QUERY_KEY });
    },
  });
}
