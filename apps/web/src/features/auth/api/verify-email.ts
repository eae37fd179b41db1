import type { TVerifyEmailResponse } from '@kkb/core/auth/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * `GET /auth/verify-email?token=` -> `{user, already_verified}`; the token confirms once, and
 * says "already verified" when opened again.
 */
export function verifyEmail(token: string) {
  return apiGet<TVerifyEmailResponse>(
    `/api/v1/auth/verify-email?token=${encodeURIComponent(token)}`,
    {
      authRetry: false,
    },
  );
}

// The token is one-time: never refetch or retry, or a second call would report it as used.
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useVerifyEmail(token: string) {
  return useQuery({ ...verifyEmailQueryOptions(token), enabled: token !== '' });
}
