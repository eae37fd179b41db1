import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { VerifyEmailPage } from './verify-email-page';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(route: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <VerifyEmailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const user = {
  id: 'u1',
  name: 'Sam',
  email: 'sam@example.com',
  avatar_url: null,
  is_active: true,
  is_verified: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('e-mail verification page', () => {
  it('confirms the address with the token from the link, once', async () => {
    server.on('GET /api/v1/auth/verify-email', () =>
      jsonResponse(200, { user, already_verified: false }),
    );
    renderAt('/verify-email?token=abc');
    expect(await screen.findByText(/sam@example.com is confirmed/)).toBeInTheDocument();
    expect(server.requestsTo('GET /api/v1/auth/verify-email')).toHaveLength(1);
  });

  it('a link opened again says the address is already confirmed (issue 9)', async () => {
    server.on('GET /api/v1/auth/verify-email', () =>
      jsonResponse(200, { user, already_verified: true }),
    );
    renderAt('/verify-email?token=used');
    expect(
      await screen.findByText('sam@example.com is already confirmed. There is nothing more to do.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/invalid or has expired/)).not.toBeInTheDocument();
  });

  it("shows the server's message for an unknown or expired link", async () => {
    server.on('GET /api/v1/auth/verify-email', () =>
      jsonResponse(400, {
        detail: 'This verification link is invalid or has expired',
        code: 'VALIDATION_ERROR',
      }),
    );
    renderAt('/verify-email?token=expired');
    expect(await screen.findByText(/invalid or has expired/)).toBeInTheDocument();
  });

  it('explains a link without a token without calling the server', () => {
    renderAt('/verify-email');
    expect(
      screen.getByText('This verification link is invalid or has expired.'),
    ).toBeInTheDocument();
    expect(server.fetch).not.toHaveBeenCalled();
  });
});
