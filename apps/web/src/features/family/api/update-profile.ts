import { mergeProfile } from '@kkb/core/family/profile';
import type { TFamilyProfile, TProfileUpdate } from '@kkb/core/family/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/offline-actions';
import { getProfileQueryOptions } from './get-profile';
import { cachedProfile } from './profile-cache';

/**
 * The notifications feature's preferences: the profile's notification switches are theirs too.
 * The key is repeated here, not imported, because family may not import notifications.
 */
const NOTIFICATION_PREFERENCES_QUERY_KEY = ['notifications', 'preferences'] as const;

/** `PUT /profile`: a deep merge of the given fields; answers the whole updated document. */
export function updateProfile(update: TProfileUpdate): Promise<TFamilyProfile> {
  return apiPut<TFamilyProfile>('/api/v1/profile', update);
}

/**
 * Saves profile fields; the cached profile becomes the server's answer at once. Offline (or
 * behind other queued actions) the update is queued and the cached profile merged as the server
 * will merge it (core's `mergeProfile`).
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: TProfileUpdate) => {
      const sent = await sendOrQueue({ kind: 'updateProfile', payload: update }, () =>
        updateProfile(update),
      );
      if (!sent.queued) return sent.result;
      return mergeProfile(cachedProfile(queryClient), update, new Date().toISOString());
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY });
    },
  });
}
