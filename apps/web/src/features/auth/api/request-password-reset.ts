import type { TPasswordResetRequestBody } from '@kkb/core/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** `POST /auth/password-reset` -> 202 whether or not the account exists. */
export function requestPasswordReset(body: TPasswordResetRequestBody): Promise<void> {
  return apiPost('/api/v1/auth/password-reset', body, { authRetry: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
