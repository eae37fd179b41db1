import type { TUserActivity, TUserActivityMark } from '@kkb/core/activities/user-activity';
import { apiPut } from '../../../lib/api-client';
import { useUserActivityMarkMutation } from './user-activity-mark-mutation';

/** `PUT /user-activities/{activityId}/{mark}`: a favourite, or tried; the other mark stays. */
export function setUserActivityMark(
  activityId: string,
  mark: TUserActivityMark,
): Promise<TUserActivity> {
  return apiPut<TUserActivity>(
    `/api/v1/user-activities/${encodeURIComponent(activityId)}/${mark}`,
    undefined,
  );
}

/** Favourite or tried, online or queued offline; shown at once. */
export function useSetUserActivityMark() {
  return useUserActivityMarkMutation(true, ({ activityId, mark }) =>
    setUserActivityMark(activityId, mark),
  );
}
