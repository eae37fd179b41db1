import { NO_OFFLINE_CACHE } from '@kkb/core/errors/messages';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import type { QueryClient } from '@tanstack/react-query';
import { getProfileQueryOptions } from './get-profile';

/**
 * The cached profile an offline change applies to. The screens that change it show it, so it is
 * there; without it there is nothing to show the change on (the queued action still syncs).
 */
export function cachedProfile(queryClient: QueryClient): TFamilyProfile {
  const profile = queryClient.getQueryData(getProfileQueryOptions().queryKey);
  if (profile == null) throw new Error(NO_OFFLINE_CACHE);
  return profile;
}

/** Replaces the cached profile's children with `change(children)`. */
export function changeCachedChildren(
  queryClient: QueryClient,
  change: (
    children: TFamilyProfile['familyInfo']['children'],
  ) => TFamilyProfile['familyInfo']['children'],
): void {
  queryClient.setQueryData(getProfileQueryOptions().queryKey, (profile) =>
    profile == null
      ? profile
      : {
          ...profile,
          familyInfo: { ...profile.familyInfo, children: change(profile.familyInfo.children) },
        },
  );
}
