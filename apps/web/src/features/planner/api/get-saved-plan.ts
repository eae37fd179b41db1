import type { TSavedPlan } from '@kkb/core/planner/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { SAVED_PLANS_QUERY_KEY } from './get-saved-plans';

/** `GET /planner/plans/{id}`: one saved plan. */
export function getSavedPlan(id: string, signal?: AbortSignal): Promise<TSavedPlan> {
  return apiGet<TSavedPlan>(`/api/v1/planner/plans/${encodeURIComponent(id)}`, { signal });
}

export function getSavedPlanQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...SAVED_PLANS_QUERY_KEY, 'one', id],
    queryFn: ({ signal }) => getSavedPlan(id, signal),
  });
}

/** One saved plan; nothing is asked while `id` is null. */
export function useSavedPlan(id: string | null) {
  return useQuery({ ...getSavedPlanQueryOptions(id ?? ''), enabled: id !== null });
}
