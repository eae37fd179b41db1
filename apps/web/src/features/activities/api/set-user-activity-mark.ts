import {
  ZUserActivity,
  type TUserActivity,
  type TUserActivityMark,
} from '@kkb/core/activities/user-activity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';

/** `PUT /user-activities/{activityId}/{mark}`: a favourite, or tried; the other mark stays. */
export function setUserActivityMark(
  activityId: string,
  mark: TUserActivityMark,
): Promise<TUserActivity> {
  return apiPut(
    `/api/v1/user-activities/${encodeURIComponent(activityId)}/${mark}`,
    undefined,
    ZUserActivity,
  );
}

export function useSetUserActivityMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, mark }: { activityId: string; mark: TUserActivityMark }) =>
      setUserActivityMark(activityId, mark),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['user-activities'] }),
        // Favourites and tried activities score higher in the recommendations.
        queryClient.invalidateQueries({ queryKey: ['activities', 'recommendations'] }),
      ]),
  });
}
