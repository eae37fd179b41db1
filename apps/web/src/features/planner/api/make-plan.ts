import { ZPlan, type TPlan, type TPlannerRequestInput } from '@kkb/core/planner/schema';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** `POST /planner`: a plan for the days, children and time windows (nothing is stored). */
export function makePlan(request: TPlannerRequestInput): Promise<TPlan> {
  return apiPost('/api/v1/planner', request, ZPlan);
}

export function useMakePlan() {
  return useMutation({ mutationFn: makePlan });
}
