import {
  PASSWORD_CONTAINS_EMAIL_MESSAGE,
  PASSWORD_CONTAINS_NAME_MESSAGE,
} from '@kkb/core/auth/password-rules';
import {
  DUPLICATE_EMAIL_MESSAGE,
  PASSWORD_TOO_COMMON_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from '@kkb/core/auth/schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getAccessToken } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { isNewRegistration } from '../../../lib/storage';
import { tokenSet } from '../../../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { RegisterPage } from './register-page';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
  server.on('GET /api/v1/auth/providers', () =>
    jsonResponse(200, { password: true, google: false, facebook: false }),
  );
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    user: userEvent.setup(),
    name: screen.getByLabelText(/Name/),
    email: screen.getByLabelText(/Email/),
    password: screen.getByLabelText(/Password/),
    submit: screen.getByRole('button', { name: 'Create account' }),
  };
}

describe('register form (spec §5 messages, inline)', () => {
  it('an empty form shows the required messages under each field', async () => {
    const { user, submit, email } = renderPage();
    await user.click(submit);
    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(screen.getByText('Name is required')).toBeVisible();
    expect(screen.getByText(PASSWORD_TOO_SHORT_MESSAGE)).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(server.requestsTo('POST /api/v1/auth/register')).toHaveLength(0);
  });

  it('issue 29: tabbing through the empty fields turns none of them red', async () => {
    const { user, name, email, password } = renderPage();
    await user.click(name);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(email).not.toHaveFocus();
    for (const field of [name, email, password]) {
      expect(field).toHaveAttribute('aria-invalid', 'false');
    }
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('a malformed e-mail shows the invalid-format message with the address typed', async () => {
    const { user, email, password } = renderPage();
    await user.type(email, 'dana.example.com');
    await user.click(password);
    expect(
      await screen.findByText(
        'Invalid email format: dana.example.com. Please enter a valid email address like name@example.com',
      ),
    ).toBeVisible();
  });

  it('a short password shows the length rule', async () => {
    const { user, password, submit } = renderPage();
    await user.type(password, 'short');
    await user.click(submit);
    expect(await screen.findByText(PASSWORD_TOO_SHORT_MESSAGE)).toBeVisible();
  });

  it('a password containing the name or the e-mail shows the core password rule (issue 8)', async () => {
    const { user, name, email, password, submit } = renderPage();
    await user.type(name, 'Dana Levi');
    await user.type(email, 'dana@example.com');
    await user.type(password, 'levi-harbour-2024');
    await user.click(submit);
    expect(await screen.findByText(PASSWORD_CONTAINS_NAME_MESSAGE)).toBeVisible();
    await user.clear(password);
    await user.type(password, 'x-dana@example.com');
    await user.click(submit);
    expect(await screen.findByText(PASSWORD_CONTAINS_EMAIL_MESSAGE)).toBeVisible();
    expect(server.requestsTo('POST /api/v1/auth/register')).toHaveLength(0);
  });

  it('registers, then logs in (spec §7), and marks the new registration (spec §4)', async () => {
    server.on('POST /api/v1/auth/register', () => jsonResponse(201, { user: tokenSet().user }));
    server.on('POST /api/v1/auth/login', () => jsonResponse(200, tokenSet('access-new')));
    const { user, name, email, password, submit } = renderPage();
    await user.type(name, 'Dana Parent');
    await user.type(email, 'Dana@Example.com');
    await user.type(password, 'a long family password');
    await user.click(submit);

    await waitFor(() => expect(getAccessToken()).toBe('access-new'));
    expect(server.requestsTo('POST /api/v1/auth/register')[0]?.body).toEqual({
      name: 'Dana Parent',
      email: 'dana@example.com',
      password: 'a long family password',
    });
    expect(server.requestsTo('POST /api/v1/auth/login')[0]?.body).toEqual({
      email: 'dana@example.com',
      password: 'a long family password',
    });
    expect(isNewRegistration()).toBe(true);
  });

  it.each([
    [409, DUPLICATE_EMAIL_MESSAGE],
    [400, PASSWORD_TOO_COMMON_MESSAGE],
  ])('a %i from the server shows its message in an alert', async (status, detail) => {
    server.on('POST /api/v1/auth/register', () =>
      jsonResponse(status, { detail, code: 'VALIDATION_ERROR' }),
    );
    const { user, name, email, password, submit } = renderPage();
    await user.type(name, 'Dana Parent');
    await user.type(email, 'dana@example.com');
    await user.type(password, 'password123');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(server.requestsTo('POST /api/v1/auth/login')).toHaveLength(0);
    expect(getAccessToken()).toBeNull();
  });
});
