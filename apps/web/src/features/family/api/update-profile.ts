import { ZFamilyProfile, type TFamilyProfile, type TProfileUpdate } from '@kkb/core/family/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { getProfileQueryOptions } from './get-profile';

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
    },
  });
}
