import {
  setUserActivityMark,
  statusOf,
  type TUserActivity,
  type TUserActivityMark,
} from '@kkb/core/activities/user-activity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue } from '../../../lib/offline-actions';
import { useAuth } from '../../auth/components/use-auth';
import { getUserActivitiesQueryOptions } from './get-user-activities';

export interface MarkChange {
  activityId: string;
  mark: TUserActivityMark;
}

/**
 * The family's records with one mark set or cleared, as the server will make them (core's
 * `setUserActivityMark`): a new record goes first (newest first), one left without marks goes.
 */
export function withMark(
  records: readonly TUserActivity[],
  { activityId, mark }: MarkChange,
  on: boolean,
  userId: string,
  nowIso: string,
): TUserActivity[] {
  const existing = records.find((record) => record.activityId === activityId);
  const fields = setUserActivityMark(existing, mark, on, nowIso);
  const others = records.filter((record) => record !== existing);
  if (fields === undefined) return others;
  const record: TUserActivity = {
    id: existing?.id ?? `pending-${activityId}`,
    activityId,
    ...fields,
    userId,
    status: statusOf(fields),
  };
  return existing === undefined
    ? [record, ...others]
    : records.map((r) => (r === existing ? record : r));
}

/**
 * Sets (`on`) or clears a mark through `send`, its own endpoint, or the offline queue
 * (`saveUserActivity`). Either way the button shows the new state at once; a refusal puts the
 * old one back.
 */
export function useUserActivityMarkMutation(
  on: boolean,
  send: (change: MarkChange) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  const auth = useAuth();
  const { queryKey } = getUserActivitiesQueryOptions();
  return useMutation({
    mutationFn: (change: MarkChange) =>
      sendOrQueue({ kind: 'saveUserActivity', payload: { ...change, on } }, () => send(change)),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      const userId = auth.user?.id ?? '';
      queryClient.setQueryData(queryKey, (records) =>
        records === undefined
          ? undefined
          : withMark(records, change, on, userId, new Date().toISOString()),
      );
      return { previous };
    },
    onError: (_error, _change, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
    },
    onSuccess: (sent) => {
      // Queued: the records stay as shown until the sync, which fetches them afresh.
      if (sent.queued) return;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        // Favourites and tried activities score higher in the recommendations.
        queryClient.invalidateQueries({ queryKey: ['activities', 'recommendations'] }),
      ]);
    },
  });
}
