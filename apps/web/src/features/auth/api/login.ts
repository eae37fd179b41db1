import type { TLoginBody, TTokenSet } from '@kkb/core/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost, startSession } from '../../../lib/api-client';

/** `POST /auth/login`: a 401 here means wrong credentials, never an expired token. */
export function login(body: TLoginBody): Promise<TTokenSet> {
  return apiPost<TTokenSet>('/api/v1/auth/login', body, { authRetry: false });
}

/** Signs in with e-mail and password; the auth context follows the new session. */
export function useLogin() {
  return useMutation({
    mutationFn: async (body: TLoginBody) => {
      const tokens = await login(body);
      startSession(tokens);
      return tokens.user;
    },
  });
}
