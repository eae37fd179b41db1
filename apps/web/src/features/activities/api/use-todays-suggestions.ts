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
 * time and place (30 minutes, indoor or outdoor, when none is saved), or the choices given.
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
  return {
    activities: recommendations.data?.recommendations.map(({ activity }) => activity),
    isPending: !ready || recommendations.isPending,
    isError: recommendations.isError,
    /** Offline, and no suggestions cached for these choices. */
    waitingOffline: isOfflineWithoutData(recommendations),
    error: recommendations.error,
    refetch: recommendations.refetch,
  };
}
