import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { getSavedPlanQueryOptions } from './get-saved-plan';
import { getSavedPlansQueryOptions } from './get-saved-plans';

/** `DELETE /planner/plans/{id}`. */
export function deleteSavedPlan(id: string): Promise<void> {
  return apiDelete(`/api/v1/planner/plans/${encodeURIComponent(id)}`);
}

export function useDeleteSavedPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedPlan,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: getSavedPlanQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: getSavedPlansQueryOptions().queryKey });
    },
  });
}
