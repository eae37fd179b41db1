import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderWithShell } from '../../../test/render';
import type { AuthState } from '../components/use-auth';
import { LoginPage } from './login-page';

function renderLogin(auth: AuthState) {
  renderWithShell(
    <QueryClientProvider client={createQueryClient()}>
      <LoginPage />
    </QueryClientProvider>,
    { route: '/login', auth },
  );
}

describe('LoginPage', () => {
  beforeEach(() => {
    installFakeFetch().on('GET /api/v1/auth/providers', () => jsonResponse(200, { providers: [] }));
  });

  it('says the account was deleted when the parent lands here after deleting it', async () => {
    renderLogin({ status: 'anonymous', user: null, signedOut: true, accountDeleted: true });
    expect(await screen.findByText(/Your account has been deleted\./)).toBeVisible();
  });

  it('says nothing of it after an ordinary sign-out', async () => {
    renderLogin({ status: 'anonymous', user: null, signedOut: true });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.queryByText(/Your account has been deleted/)).toBeNull();
  });
});
