import type { TPlan, TPlannerRequestInput } from '@kkb/core/planner/schema';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** `POST /planner`: a plan for the days, children and time windows (nothing is stored). */
export function makePlan(request: TPlannerRequestInput): Promise<TPlan> {
  return apiPost<TPlan>('/api/v1/planner', request);
}

export function useMakePlan() {
  return useMutation({ mutationFn: makePlan });
}
