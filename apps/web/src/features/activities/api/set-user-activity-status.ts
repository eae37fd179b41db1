import {
  ZUserActivity,
  type TUserActivity,
  type TUserActivityStatus,
} from '@kkb/core/activities/user-activity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';

/** `PUT /user-activities/{activityId}`: records the activity as a favourite or as tried. */
export function setUserActivityStatus(
  activityId: string,
  status: TUserActivityStatus,
): Promise<TUserActivity> {
  return apiPut(
    `/api/v1/user-activities/${encodeURIComponent(activityId)}`,
    { status },
    ZUserActivity,
  );
}

export function useSetUserActivityStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, status }: { activityId: string; status: TUserActivityStatus }) =>
      setUserActivityStatus(activityId, status),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['user-activities'] }),
        // Favourites and tried activities score higher in the recommendations.
        queryClient.invalidateQueries({ queryKey: ['activities', 'recommendations'] }),
      ]),
  });
}
