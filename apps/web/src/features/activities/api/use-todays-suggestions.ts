import type { TActivityLocation } from '@kkb/core/activities/schema';
import { useProfile } from '../../family/api/get-profile';
import { useRecommendations } from './get-recommendations';
import { isOfflineWithoutData } from '../../../lib/offline-caches';

export interface SuggestionChoices {
  timeAvailable?: number;
  location?: TActivityLocation;
}

/**
 * Today's suggestions for the play modes: the recommendations with the family's saved default
 * time and place (30 minutes, indoor or outdoor, when none is saved), or the choices given;
 * ranked on the device when it holds the catalogue (get-recommendations.ts).
 */
export function useTodaysSuggestions(choices: SuggestionChoices = {}) {
  const profile = useProfile();
  const defaults = profile.data?.preferences.defaultFilters;
  const ready = profile.data !== undefined || profile.isError;
  const recommendations = useRecommendations(
    ready
      ? {
          timeAvailable: choices.timeAvailable ?? defaults?.timeAvailable ?? 30,
          location: choices.location ?? defaults?.location ?? 'both',
        }
      : undefined,
  );
  const { data, onDevice, server } = recommendations;
  return {
    activities: data?.recommendations.map(({ activity }) => activity),
    isPending: !ready || data === undefined,
    // The device's own suggestions stand whatever the server answers.
    isError: !onDevice && server.isError,
    /** Offline, the device holds no catalogue, and no suggestions are cached for these choices. */
    waitingOffline: !onDevice && isOfflineWithoutData(server),
    error: server.error,
    refetch: server.refetch,
  };
}
