import {
  ZCompletionResult,
  type TCompleteActivityBody,
  type TCompletionResult,
} from '@kkb/core/achievements/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { getAchievementsQueryOptions } from './get-achievements';
import { getStatsQueryOptions } from './get-stats';

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
  return apiPost(
    `/api/v1/activities/${encodeURIComponent(activityId)}/complete`,
    body,
    ZCompletionResult,
  );
}

/** Logs a completion; the stats, achievements and the family's activity list follow it. */
export function useCompleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeActivity,
    onSuccess: (result) => {
      // The answer carries the new stats: show them at once; the lists refetch in the background.
      queryClient.setQueryData(getStatsQueryOptions().queryKey, result.stats);
      void queryClient.invalidateQueries({ queryKey: getAchievementsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: USER_ACTIVITIES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: RECOMMENDATIONS_QUERY_KEY });
    },
  });
}
