import type { TSavedPlan, TSavedPlanInputFields } from '@kkb/core/planner/schema';
import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { getSavedPlanQueryOptions } from './get-saved-plan';
import { getSavedPlansQueryOptions } from './get-saved-plans';
import { useCreateMutation } from '../../../hooks/use-create-mutation';

/** `POST /planner/plans`: keeps a plan for the family. */
export function savePlan(input: TSavedPlanInputFields): Promise<TSavedPlan> {
  return apiPost<TSavedPlan>('/api/v1/planner/plans', input);
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: savePlan,
    onSuccess: (saved) => {
      queryClient.setQueryData(getSavedPlanQueryOptions(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: getSavedPlansQueryOptions().queryKey });
    },
  });
}
