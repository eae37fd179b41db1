import { FAMILY_HAS_DATA_MESSAGE, INVITE_INVALID_MESSAGE } from '@kkb/core/family/members';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthState } from '../../auth/components/use-auth';
import { createQueryClient } from '../../../lib/query-client';
import {
  forgetPendingInvite,
  isNewRegistration,
  markNewRegistration,
  pendingInviteToken,
  rememberPendingInvite,
} from '../../../lib/storage';
import {
  completeProfile,
  familyWith,
  incompleteProfile,
  testUser,
} from '../../../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { renderWithShell } from '../../../test/render';
import { JoinPage } from './join-page';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

afterEach(() => forgetPendingInvite());

const SIGNED_IN: AuthState = { status: 'authenticated', user: testUser };

const PREVIEW = {
  familyName: 'The Levis',
  inviterFirstName: 'Dana',
  role: 'parent',
  expiresAt: '2026-01-12T10:00:00.000Z',
};
const INVITATION =
  'Dana invited you to join “The Levis” on Keep Kid Busy as a parent, to share its children, favourites, streak and achievements.';

function renderJoin({
  auth = SIGNED_IN,
  profile = incompleteProfile(),
  preview = () => jsonResponse(200, PREVIEW),
}: { auth?: AuthState; profile?: TFamilyProfile; preview?: () => Response } = {}) {
  server.on('GET /api/v1/profile', () => jsonResponse(200, profile));
  server.on('GET /api/v1/family/join/token-abc', preview);
  renderWithShell(
    <QueryClientProvider client={createQueryClient()}>
      <Routes>
        <Route path="/join/:token" element={<JoinPage />} />
        <Route path="/dashboard" element={<p>Dashboard page</p>} />
      </Routes>
    </QueryClientProvider>,
    { route: '/join/token-abc', auth },
  );
  return userEvent.setup();
}

const joined = () => jsonResponse(200, familyWith('parent'));

describe('/join/{token}', { timeout: 20_000 }, () => {
  it('signed out: explains the invitation, offers registration and sign-in, keeps the token', async () => {
    renderJoin({ auth: { status: 'anonymous', user: null, signedOut: false } });
    expect(await screen.findByRole('heading', { name: "You're invited", level: 1 })).toBeVisible();
    // Issue 29: the family and the inviter's first name, from the link's own answer.
    expect(await screen.findByText(INVITATION)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(pendingInviteToken()).toBe('token-abc');
    expect(server.requestsTo('POST /api/v1/family/join')).toHaveLength(0);
  });

  it('signed in with an empty family of their own: one press joins, then the dashboard', async () => {
    rememberPendingInvite('token-abc');
    markNewRegistration();
    // As the server does: once used, the link is spent and its preview answers 404.
    let used = false;
    server.on('POST /api/v1/family/join', () => {
      used = true;
      return joined();
    });
    const user = renderJoin({
      preview: () =>
        used
          ? jsonResponse(404, { detail: INVITE_INVALID_MESSAGE, code: 'DATA_NOT_FOUND' })
          : jsonResponse(200, PREVIEW),
    });
    expect(await screen.findByRole('heading', { name: 'Join a family', level: 1 })).toBeVisible();
    expect(await screen.findByText(INVITATION)).toBeVisible();
    expect(screen.getByText(`Signed in as Dana Parent (${testUser.email})`)).toBeVisible();
    await waitFor(() => expect(pendingInviteToken()).toBeNull());
    expect(server.requestsTo('POST /api/v1/family/join')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Join family' }));
    expect(await screen.findByText('Dashboard page')).toBeVisible();
    expect(server.requestsTo('POST /api/v1/family/join')[0]?.body).toEqual({
      token: 'token-abc',
      discardOwnFamily: false,
    });
    // The joined family is set up already: no setup wizard for this registration.
    expect(isNewRegistration()).toBe(false);
  });

  it('when the server finds data in their family (409), they choose, knowing it will be deleted', async () => {
    server.on(
      'POST /api/v1/family/join',
      () => jsonResponse(409, { detail: FAMILY_HAS_DATA_MESSAGE, code: 'VALIDATION_ERROR' }),
      joined,
    );
    const user = renderJoin();
    await user.click(await screen.findByRole('button', { name: 'Join family' }));
    const warning = await screen.findByText(/Joining deletes your current family for good/);
    expect(warning).toHaveTextContent('favourites, own activities, activity history');
    expect(screen.queryByRole('button', { name: 'Join family' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Keep my family' })).toHaveAttribute(
      'href',
      '/dashboard',
    );

    await user.click(screen.getByRole('button', { name: 'Delete my family and join' }));
    expect(await screen.findByText('Dashboard page')).toBeVisible();
    expect(server.requestsTo('POST /api/v1/family/join').map((r) => r.body)).toEqual([
      { token: 'token-abc', discardOwnFamily: false },
      { token: 'token-abc', discardOwnFamily: true },
    ]);
  });

  it('a family with children is named with them before anything is sent', async () => {
    const profile = completeProfile();
    renderJoin({
      profile: { ...profile, familyInfo: { ...profile.familyInfo, familyName: 'The Testers' } },
    });
    expect(await screen.findByText('“The Testers” has data of its own.')).toBeVisible();
    expect(
      screen.getByText(
        /Joining deletes your current family for good: its children \(Noa\), favourites/,
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete my family and join' })).toBeVisible();
    expect(server.requestsTo('POST /api/v1/family/join')).toHaveLength(0);
  });

  it('keeping one’s family sends nothing', async () => {
    const user = renderJoin({ profile: completeProfile() });
    await user.click(await screen.findByRole('link', { name: 'Keep my family' }));
    expect(await screen.findByText('Dashboard page')).toBeVisible();
    expect(server.requestsTo('POST /api/v1/family/join')).toHaveLength(0);
  });

  it('a link already spent says so at once, signed in or out, and offers nothing to join', async () => {
    const spent = () =>
      jsonResponse(404, { detail: INVITE_INVALID_MESSAGE, code: 'DATA_NOT_FOUND' });
    renderJoin({ preview: spent });
    expect(
      await screen.findByText(`${INVITE_INVALID_MESSAGE}. Ask whoever invited you for a new link.`),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join family' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('a link used up after the page opened says so when joining', async () => {
    server.on('POST /api/v1/family/join', () =>
      jsonResponse(404, { detail: INVITE_INVALID_MESSAGE, code: 'DATA_NOT_FOUND' }),
    );
    const user = renderJoin();
    await user.click(await screen.findByRole('button', { name: 'Join family' }));
    expect(await screen.findByText(INVITE_INVALID_MESSAGE)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Not now' })).toHaveAttribute('href', '/dashboard');
  });
});
