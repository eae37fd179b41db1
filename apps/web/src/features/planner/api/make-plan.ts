import type { TPlan, TPlannerRequestInput } from '@kkb/core/planner/schema';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiPost, isServerUnreachable } from '../../../lib/api-client';
import { browserOffline } from '../../../lib/connectivity';
import { catalogueActivities } from '../../../lib/device-catalogue';
import { heldCatalogue } from '../../activities/api/held-catalogue';
import { getUserActivitiesQueryOptions } from '../../activities/api/get-user-activities';
import { getProfileQueryOptions } from '../../family/api/get-profile';

/** `POST /planner`: a plan for the days, children and time windows (nothing is stored). */
export function makePlan(request: TPlannerRequestInput): Promise<TPlan> {
  return apiPost<TPlan>('/api/v1/planner', request);
}

/**
 * The plan made on the device from what it holds (the catalogue, the profile, the family's marks);
 * undefined when it holds no catalogue or no profile.
 */
async function makePlanOnDevice(
  client: QueryClient,
  request: TPlannerRequestInput,
): Promise<TPlan | undefined> {
  const catalogue = heldCatalogue(client);
  const profile = client.getQueryData(getProfileQueryOptions().queryKey);
  if (catalogue === undefined || profile === undefined) return undefined;
  const { planOnDevice } = await import('./plan-on-device');
  try {
    return planOnDevice(
      {
        activities: catalogueActivities(catalogue),
        profile,
        records: client.getQueryData(getUserActivitiesQueryOptions().queryKey) ?? [],
        now: new Date().toISOString(),
      },
      request,
    );
  } catch (error) {
    // What the server would refuse (a child no longer in the family), in its words.
    const detail = error instanceof Error ? error.message : String(error);
    throw new ApiError({ status: 400, code: 'VALIDATION_ERROR', detail });
  }
}

/**
 * The server's plan (which a language model may choose, DESIGN Planner); offline, or with the
 * server out of reach, the device's by the same rules (issue 30), when it holds the catalogue.
 */
async function planOnlineOrOnDevice(
  client: QueryClient,
  request: TPlannerRequestInput,
): Promise<TPlan> {
  let unreachable: unknown;
  if (!browserOffline()) {
    try {
      return await makePlan(request);
    } catch (error) {
      if (!isServerUnreachable(error)) throw error;
      unreachable = error;
    }
  }
  const onDevice = await makePlanOnDevice(client, request);
  if (onDevice !== undefined) return onDevice;
  // Nothing to plan with here: the failure says why (offline, or the server out of reach).
  if (unreachable !== undefined) throw unreachable;
  return makePlan(request);
}

export function useMakePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: TPlannerRequestInput) => planOnlineOrOnDevice(client, request),
  });
}
