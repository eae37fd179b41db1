import type { TOAuthExchangeResponse } from '@kkb/core/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost, startSession } from '../../../lib/api-client';
import { markNewRegistration } from '../../../lib/storage';

/** `POST /auth/oauth/exchange {code}`: the one-time code of `/oauth-callback` for a token set. */
export function exchangeOAuthCode(code: string): Promise<TOAuthExchangeResponse> {
  return apiPost<TOAuthExchangeResponse>(
    '/api/v1/auth/oauth/exchange',
    { code },
    {
      authRetry: false,
    },
  );
}

/** Signs in with the code; a first social sign-in counts as a new registration (spec §4). */
export function useExchangeOAuthCode() {
  return useMutation({
    mutationFn: async (code: string) => {
      const tokens = await exchangeOAuthCode(code);
      if (tokens.is_new_user) markNewRegistration();
      startSession(tokens);
      return tokens.user;
    },
  });
}
