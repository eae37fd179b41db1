import type { TUserActivityMark } from '@kkb/core/activities/user-activity';
import { apiDelete } from '../../../lib/api-client';
import { useUserActivityMarkMutation } from './user-activity-mark-mutation';

/** `DELETE /user-activities/{activityId}/{mark}`: no longer a favourite, or no longer tried. */
export function clearUserActivityMark(activityId: string, mark: TUserActivityMark): Promise<void> {
  return apiDelete(`/api/v1/user-activities/${encodeURIComponent(activityId)}/${mark}`);
}

/** No longer a favourite, or no longer tried, online or queued offline; shown at once. */
export function useClearUserActivityMark() {
  return useUserActivityMarkMutation(false, ({ activityId, mark }) =>
    clearUserActivityMark(activityId, mark),
  );
}
