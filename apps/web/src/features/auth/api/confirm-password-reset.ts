import type { TPasswordResetConfirmBody } from '@kkb/core/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** `POST /auth/password-reset/confirm {token, password}` -> 204. */
export function confirmPasswordReset(body: TPasswordResetConfirmBody): Promise<void> {
  return apiPost('/api/v1/auth/password-reset/confirm', body, { authRetry: false });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
