import type { TUserActivityMark } from '@kkb/core/activities/user-activity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';

/** `DELETE /user-activities/{activityId}/{mark}`: no longer a favourite, or no longer tried. */
export function clearUserActivityMark(activityId: string, mark: TUserActivityMark): Promise<void> {
  return apiDelete(`/api/v1/user-activities/${encodeURIComponent(activityId)}/${mark}`);
}

export function useClearUserActivityMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, mark }: { activityId: string; mark: TUserActivityMark }) =>
      clearUserActivityMark(activityId, mark),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['user-activities'] }),
        queryClient.invalidateQueries({ queryKey: ['activities', 'recommendations'] }),
      ]),
  });
}
