import type { TSavedPlan, TSavedPlanInputFields } from '@kkb/core/planner/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { getSavedPlanQueryOptions } from './get-saved-plan';
import { getSavedPlansQueryOptions } from './get-saved-plans';

/** `PUT /planner/plans/{id}`: replaces a saved plan with its edited version. */
export function updateSavedPlan(id: string, input: TSavedPlanInputFields): Promise<TSavedPlan> {
  return apiPut<TSavedPlan>(`/api/v1/planner/plans/${encodeURIComponent(id)}`, input);
}

export function useUpdateSavedPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TSavedPlanInputFields }) =>
      updateSavedPlan(id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(getSavedPlanQueryOptions(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: getSavedPlansQueryOptions().queryKey });
    },
  });
}
