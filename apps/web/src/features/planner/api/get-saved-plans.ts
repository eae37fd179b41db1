import type { TSavedPlanList } from '@kkb/core/planner/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Every query of saved plans starts with this key. */
export const SAVED_PLANS_QUERY_KEY = ['planner', 'plans'] as const;

/** The most recently changed saved plans shown at once. */
export const SAVED_PLANS_PAGE = 50;

/** `GET /planner/plans`: the family's saved plans, most recently changed first. */
export function getSavedPlans(signal?: AbortSignal): Promise<TSavedPlanList> {
  return apiGet<TSavedPlanList>(`/api/v1/planner/plans?limit=${SAVED_PLANS_PAGE}`, { signal });
}

export function getSavedPlansQueryOptions() {
  return queryOptions({
    queryKey: [...SAVED_PLANS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => getSavedPlans(signal),
  });
}

export function useSavedPlans() {
  return useQuery(getSavedPlansQueryOptions());
}
