import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
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

const signedOut: AuthState = { status: 'anonymous', user: null, signedOut: false };

describe('LoginPage', () => {
  let server: FakeFetch;
  beforeEach(() => {
    server = installFakeFetch();
    server.on('GET /api/v1/auth/providers', () => jsonResponse(200, { providers: [] }));
  });

  it('issue 29: tabbing through the empty fields turns neither red', async () => {
    const user = userEvent.setup();
    renderLogin(signedOut);
    const email = await screen.findByLabelText(/^Email/);
    const password = screen.getByLabelText(/^Password/);
    await user.click(email);
    await user.tab();
    await user.tab();
    expect(password).not.toHaveFocus();
    // Every check would have ended by now (the schema loads as the form gets the focus).
    await user.click(email);
    await user.type(email, 'x');
    await user.clear(email);
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(password).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Email is required')).toBeNull();
  });

  it('§5 a field typed in and left says what is wrong with it, and follows what is typed after', async () => {
    const user = userEvent.setup();
    renderLogin(signedOut);
    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'dana');
    await user.tab();
    expect(
      await screen.findByText(
        'Invalid email format: dana. Please enter a valid email address like name@example.com',
      ),
    ).toBeVisible();
    // The other field, not left yet, says nothing.
    expect(screen.queryByText(/Password is required/)).toBeNull();
    await user.clear(email);
    expect(await screen.findByText('Email is required')).toBeVisible();
    await user.type(email, 'dana@example.com');
    await waitFor(() => expect(screen.queryByText('Email is required')).toBeNull());
  });

  it('§5 sent with a wrong e-mail it says so, puts the cursor there, and sends nothing', async () => {
    const user = userEvent.setup();
    renderLogin(signedOut);
    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'dana.example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Purple-Kite-Meadow-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(
        'Invalid email format: dana.example.com. Please enter a valid email address like name@example.com',
      ),
    ).toBeVisible();
    expect(email).toHaveFocus();
    expect(server.requestsTo('POST /api/v1/auth/login')).toHaveLength(0);
  });

  it('sends what was typed to /auth/login', async () => {
    const user = userEvent.setup();
    server.on('POST /api/v1/auth/login', () =>
      jsonResponse(401, { detail: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }),
    );
    renderLogin(signedOut);
    await user.type(await screen.findByLabelText(/^Email/), 'dana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Purple-Kite-Meadow-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    const [call] = server.requestsTo('POST /api/v1/auth/login');
    expect(call?.body).toEqual({ email: 'dana@example.com', password: 'Purple-Kite-Meadow-42' });
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
