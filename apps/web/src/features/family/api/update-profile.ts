import { ZFamilyProfile, type TFamilyProfile, type TProfileUpdate } from '@kkb/core/family/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { getProfileQueryOptions } from './get-profile';

/**
 * The notifications feature's preferences: the profile's notification switches are theirs too.
 * The key is repeated here, not imported, because family may not import notifications.
 */
const NOTIFICATION_PREFERENCES_QUERY_KEY = ['notifications', 'preferences'] as const;

/** `PUT /profile`: a deep merge of the given fields; answers the whole updated document. */
export function updateProfile(update: TProfileUpdate): Promise<TFamilyProfile> {
  return apiPut('/api/v1/profile', update, ZFamilyProfile);
}

/** Saves profile fields; the cached profile becomes the server's answer at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY });
    },
  });
}
