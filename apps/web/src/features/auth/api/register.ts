import type { TRegisterBody, TUser, TRegisterResponse } from '@kkb/core/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost, startSession } from '../../../lib/api-client';
import { markNewRegistration } from '../../../lib/storage';
import { login } from './login';

/** `POST /auth/register` -> `{user}`; 409 for a known e-mail, 400 for a common password. */
export async function register(body: TRegisterBody): Promise<TUser> {
  const { user } = await apiPost<TRegisterResponse>('/api/v1/auth/register', body, {
    authRetry: false,
  });
  return user;
}

/**
 * Spec §7: registration, then a login with the same credentials. The new-registration flag is set
 * first (spec §4) so the public-route guard sends the new family to the setup wizard.
 */
export function useRegister() {
  return useMutation({
    mutationFn: async (body: TRegisterBody) => {
      await register(body);
      markNewRegistration();
      const tokens = await login({ email: body.email, password: body.password });
      startSession(tokens);
      return tokens.user;
    },
  });
}
