import type {
  TRecommendationEnergy,
  TRecommendationsResponse,
} from '@kkb/core/activities/recommend';
import type { TCompactRecommendationsResponse } from '@kkb/core/activities/recommendations-view';
import type { TActivity, TActivityLocation } from '@kkb/core/activities/schema';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { apiGet } from '../../../lib/api-client';
import { catalogueActivities, catalogueActivity } from '../../../lib/device-catalogue';
import { loadOnce } from '../../../lib/load-once';
import { isOfflineWithoutData, keptOffline } from '../../../lib/offline-caches';
import { yieldToBrowser } from '../../../lib/yield-to-browser';
import { useRecentPlay } from '../../achievements/api/get-recent-play';
import { useProfile } from '../../family/api/get-profile';
import {
  DEVICE_CATALOGUE_KEY,
  deviceCatalogueRestored,
  heldCatalogue,
  useDeviceCatalogue,
} from './held-catalogue';
import { getUserActivitiesQueryOptions } from './get-user-activities';
import { useWeather } from './get-weather';
import { toQueryString } from './query-string';
import type * as RankOnDevice from './rank-on-device';

export interface RecommendationParams {
  timeAvailable: number;
  location: TActivityLocation;
  energyLevel?: TRecommendationEnergy;
  /** One child's id; absent means the whole family (their average age). */
  childId?: string;
  /** "Right now": only activities with no adult prep and no mess; absent means any. */
  rightNow?: boolean;
}

/** `GET /recommendations`: the top 6 with their reasons, the weather and what they were based on. */
export function getRecommendations(
  params: RecommendationParams,
  signal?: AbortSignal,
): Promise<TRecommendationsResponse> {
  return apiGet<TRecommendationsResponse>(`/api/v1/recommendations${toQueryString(params)}`, {
    signal,
  });
}

/** `GET /recommendations?view=compact`: the same, each activity by its id (the device has them). */
export function getCompactRecommendations(
  params: RecommendationParams,
  signal?: AbortSignal,
): Promise<TCompactRecommendationsResponse> {
  return apiGet<TCompactRecommendationsResponse>(
    `/api/v1/recommendations${toQueryString({ ...params, view: 'compact' })}`,
    { signal },
  );
}

/** The compact answer with its activities, as the device holds them; undefined if it lacks one. */
export function joinRecommendations(
  { recommendations, ...rest }: TCompactRecommendationsResponse,
  activityOf: (id: string) => TActivity | undefined,
): TRecommendationsResponse | undefined {
  const joined = [];
  for (const { activityId, ...scored } of recommendations) {
    const activity = activityOf(activityId);
    if (activity === undefined) return undefined;
    joined.push({ activity, ...scored });
  }
  return { recommendations: joined, ...rest };
}

export function getRecommendationsQueryOptions(params: RecommendationParams) {
  // Under 'activities': a new own activity or a favourite changes the scores.
  return queryOptions({
    queryKey: ['activities', 'recommendations', params],
    queryFn: async ({ client, signal }): Promise<TRecommendationsResponse> => {
      // A device holding the catalogue needs only the ids (a tenth of the bytes); a first visit
      // takes the activities whole.
      await deviceCatalogueRestored(client);
      const catalogue = heldCatalogue(client);
      if (catalogue !== undefined) {
        const compact = await getCompactRecommendations(params, signal);
        const joined = joinRecommendations(compact, (id) => catalogueActivity(catalogue, id));
        if (joined !== undefined) return joined;
        // An activity the held catalogue lacks (another member's new own activity): the
        // catalogue is brought up to date, and this answer is taken whole.
        void client.invalidateQueries({ queryKey: DEVICE_CATALOGUE_KEY });
      }
      return getRecommendations(params, signal);
    },
    ...keptOffline,
  });
}

type DeviceRanking = typeof RankOnDevice;

/**
 * The device's ranking, in a chunk of its own (with zod, which the first route goes without),
 * loaded once the device holds a catalogue to rank. Its import starts in a task of its own: the
 * preload links of its chunks, added in the dashboard's effects, made that task long.
 */
const loadDeviceRanking = loadOnce(() => yieldToBrowser().then(() => import('./rank-on-device')));
let deviceRanking: DeviceRanking | undefined;

/** The device's ranking once its chunk is in (`failed`: it could not be loaded, offline). */
function useDeviceRanking(wanted: boolean): { ranking?: DeviceRanking; failed: boolean } {
  const [state, setState] = useState<{ ranking?: DeviceRanking; failed: boolean }>({
    ranking: deviceRanking,
    failed: false,
  });
  useEffect(() => {
    if (!wanted || state.ranking !== undefined) return;
    let cancelled = false;
    loadDeviceRanking().then(
      (loaded) => {
        deviceRanking = loaded;
        if (!cancelled) setState({ ranking: loaded, failed: false });
      },
      () => {
        if (!cancelled) setState({ failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, state.ranking]);
  return state;
}

/** Whether a query's answer is as known as it will be for now: in, failed, or waiting offline. */
const settled = (query: Pick<UseQueryResult, 'data' | 'isError' | 'fetchStatus'>) =>
  query.data !== undefined || query.isError || isOfflineWithoutData(query);

/**
 * The recommendations the device ranks from what it holds: the catalogue, the profile, the
 * family's marks, its recent play and the last weather reading. Undefined while any of them is still loading, and
 * when the device holds no catalogue (`ranks` false).
 */
function useDeviceRecommendations(params: RecommendationParams | undefined) {
  const catalogue = useDeviceCatalogue();
  const ranks = catalogue !== undefined;
  const profile = useProfile({ enabled: ranks });
  const records = useQuery({ ...getUserActivitiesQueryOptions(), enabled: ranks });
  const weather = useWeather({ enabled: ranks });
  const recentPlay = useRecentPlay({ enabled: ranks });
  const { ranking, failed } = useDeviceRanking(ranks);
  const inputsIn = settled(records) && settled(weather) && settled(recentPlay);
  // The completions, not the answer: a refetch with the same ones ranks nothing again.
  const recentCompletions = recentPlay.data?.completions;
  const { timeAvailable, location, energyLevel, childId, rightNow } = params ?? {};
  const data = useMemo(() => {
    const profileData = profile.data;
    if (!catalogue || !ranking || !inputsIn || profileData === undefined) return undefined;
    if (timeAvailable === undefined || location === undefined) return undefined;
    return ranking.recommendOnDevice(
      {
        activities: catalogueActivities(catalogue),
        profile: profileData,
        records: records.data ?? [],
        recentCompletions,
        weather: weather.data,
        now: new Date().toISOString(),
      },
      { timeAvailable, location, energyLevel, childId, rightNow },
    );
  }, [
    catalogue,
    ranking,
    inputsIn,
    profile.data,
    records.data,
    recentCompletions,
    weather.data,
    timeAvailable,
    location,
    energyLevel,
    childId,
    rightNow,
  ]);
  return { data, ranks: ranks && !failed };
}

/** Orders an object's keys, so that two answers built in different orders compare equal. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** What the page shows of an answer: each suggestion's activity, score and reasons, the weather and the basis. */
function answerKey({ recommendations, weather, basis }: TRecommendationsResponse): string {
  const suggestions = recommendations.map(({ activity, score, reasons }) => [
    activity.id,
    score,
    reasons,
  ]);
  return JSON.stringify([suggestions, weather, basis], sortedKeys);
}

/** The page's start: an answer fetched before it counts as this visit's own (see below). */
const VISIT_STARTED = performance.timeOrigin;

export interface Recommendations {
  /**
   * What to show for the choices: the server's answer fetched on this visit; else the device's own
   * ranking; else, on a device without the catalogue, the last answer kept (or the previous
   * choices' while new ones load). Undefined while the device's ranking is on its way.
   */
  data: TRecommendationsResponse | undefined;
  /** `data` is the device's ranking: the server's answer for these choices has not come yet. */
  fromDevice: boolean;
  /** The device ranks these choices itself (it holds the catalogue). */
  onDevice: boolean;
  /** The server's answer (the compact form joined with the catalogue, or the full one). */
  server: UseQueryResult<TRecommendationsResponse>;
}

/**
 * The recommendations for `params` (nothing while undefined), device first (issue 30): a device
 * holding the catalogue ranks at once with core's rules, and the server's answer confirms or
 * replaces that when it comes. An answer saved on an earlier visit does not outrank the device's
 * own ranking of now.
 */
export function useRecommendations(params: RecommendationParams | undefined): Recommendations {
  const device = useDeviceRecommendations(params);
  const server = useQuery({
    ...getRecommendationsQueryOptions(params ?? { timeAvailable: 0, location: 'both' }),
    enabled: params !== undefined,
    // The device has an answer for any choice: nothing of the previous choices stands in.
    placeholderData: device.ranks ? undefined : keepPreviousData,
  });
  const serverNow =
    server.data !== undefined && !server.isPlaceholderData && server.dataUpdatedAt >= VISIT_STARTED
      ? server.data
      : undefined;
  // A server that says what the device said changes nothing on the page: the device's answer
  // stays, and the six cards are not drawn again.
  const serverConfirms = useMemo(
    () =>
      serverNow !== undefined &&
      device.data !== undefined &&
      answerKey(serverNow) === answerKey(device.data),
    [serverNow, device.data],
  );
  let data = serverConfirms ? device.data : (serverNow ?? device.data);
  if (data === undefined && !device.ranks) data = server.data;
  return {
    data,
    fromDevice: serverNow === undefined && device.data !== undefined,
    onDevice: device.ranks,
    server,
  };
}

export interface SavedRecommendations {
  data: TRecommendationsResponse;
  /** When they were fetched (ms since the epoch). */
  savedAt: number;
}

/**
 * The newest recommendations in the cache, whatever choices they were asked with: offline, when
 * the current choices were never asked on this device, the last ones are better than nothing
 * (and are labelled as such). Undefined when not `wanted` or none are cached.
 */
export function useLastRecommendations(wanted: boolean): SavedRecommendations | undefined {
  const queryClient = useQueryClient();
  if (!wanted) return undefined;
  const { queryKey } = getRecommendationsQueryOptions({ timeAvailable: 0, location: 'both' });
  let newest: SavedRecommendations | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKey.slice(0, 2) })) {
    const { data, dataUpdatedAt } = query.state;
    if (data !== undefined && (newest === undefined || dataUpdatedAt > newest.savedAt)) {
      newest = { data: data as TRecommendationsResponse, savedAt: dataUpdatedAt };
    }
  }
  return newest;
}
