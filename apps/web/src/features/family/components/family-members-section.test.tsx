import type { TFamily, TFamilyRole } from '@kkb/core/family/members';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { familyWith } from '../../../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { renderWithShell } from '../../../test/render';
import { FamilyMembersSection } from './family-members-section';
import { FeedbackProvider } from './feedback';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

const EXPIRES = '2026-01-12T10:00:00.000Z';

/** Dana (the test user) with `role`, Sam the owner (unless Dana is), Grandma Ruth a caregiver. */
function family(role: TFamilyRole): TFamily {
  const others = [{ userId: 'user-3', name: 'Grandma Ruth', role: 'caregiver' as const }];
  const shared = familyWith(role, others);
  return {
    ...shared,
    invites: [
      {
        id: 'invite-1',
        role: 'parent',
        email: 'lee@example.com',
        createdBy: 'user-1',
        createdAt: '2026-01-05T10:00:00.000Z',
        expiresAt: EXPIRES,
      },
    ],
  };
}

function renderSection(role: TFamilyRole, answer: TFamily = family(role)) {
  server.on('GET /api/v1/family', () => jsonResponse(200, answer));
  renderWithShell(
    <QueryClientProvider client={createQueryClient()}>
      <FeedbackProvider>
        <Routes>
          <Route path="/profile" element={<FamilyMembersSection familyName="The Testers" />} />
          <Route path="/setup" element={<p>Setup page</p>} />
        </Routes>
      </FeedbackProvider>
    </QueryClientProvider>,
    { route: '/profile' },
  );
  return userEvent.setup();
}

async function memberList() {
  return screen.findByRole('list', { name: 'Family members' });
}

describe('Family members section', { timeout: 20_000 }, () => {
  it('lists every member with their role and initial', async () => {
    renderSection('parent');
    const list = await memberList();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'SSam OwnerOwner',
      'DDana Parent (you)Parent',
      'GGrandma RuthCaregiver',
    ]);
  });

  it('the owner invites, sees pending invitations and manages the others, but does not leave', async () => {
    renderSection('owner');
    const list = await memberList();
    expect(screen.getByRole('button', { name: 'Invite someone' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'Pending invitations' })).toHaveTextContent(
      'Parent · lee@example.com',
    );
    expect(screen.getByRole('button', { name: /^Revoke the parent invitation/ })).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Manage Grandma Ruth' })).toBeVisible();
    expect(within(list).queryByRole('button', { name: 'Manage Dana Parent' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave family' })).toBeNull();
    expect(
      screen.getByText('To leave the family, first make another member the owner.'),
    ).toBeVisible();
  });

  it.each(['parent', 'caregiver'] as const)(
    'a %s sees the members but no invite, revoke or manage controls, and may leave',
    async (role) => {
      renderSection(role);
      const list = await memberList();
      expect(within(list).queryAllByRole('button')).toHaveLength(0);
      expect(screen.queryByRole('button', { name: 'Invite someone' })).toBeNull();
      expect(screen.queryByRole('list', { name: 'Pending invitations' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
      expect(screen.getByRole('button', { name: 'Leave family' })).toBeVisible();
    },
  );

  it('leaving asks first, then DELETEs one’s own membership and goes to /setup', async () => {
    const user = renderSection('caregiver');
    server.on('DELETE /api/v1/family/members/user-1', () => new Response(null, { status: 204 }));
    await user.click(await screen.findByRole('button', { name: 'Leave family' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave The Testers?' });
    expect(dialog).toHaveTextContent('You get a new, empty family of your own');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('DELETE /api/v1/family/members/user-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Leave family' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave The Testers?' })).getByRole('button', {
        name: 'Leave family',
      }),
    );
    expect(await screen.findByText('Setup page')).toBeVisible();
    expect(server.requestsTo('DELETE /api/v1/family/members/user-1')).toHaveLength(1);
  });

  it('the owner changes a role from the member menu', async () => {
    const user = renderSection('owner');
    const before = family('owner');
    const changed: TFamily = {
      ...before,
      members: before.members.map((member) =>
        member.userId === 'user-3' ? { ...member, role: 'parent' } : member,
      ),
    };
    server.on('PATCH /api/v1/family/members/user-3', () => jsonResponse(200, changed));
    await user.click(await screen.findByRole('button', { name: 'Manage Grandma Ruth' }));
    await user.click(screen.getByRole('menuitem', { name: 'Make parent' }));
    await waitFor(() =>
      expect(server.requestsTo('PATCH /api/v1/family/members/user-3')[0]?.body).toEqual({
        role: 'parent',
      }),
    );
    expect(await screen.findByText('Grandma Ruth is now a parent')).toBeVisible();
    expect(within(await memberList()).getAllByRole('listitem')[1]).toHaveTextContent(
      'Grandma RuthParent',
    );
  });

  it('the owner hands ownership over after a confirmation, and becomes a parent', async () => {
    const user = renderSection('owner');
    server.on('PATCH /api/v1/family/members/user-3', () => jsonResponse(200, family('parent')));

    await user.click(await screen.findByRole('button', { name: 'Manage Grandma Ruth' }));
    await user.click(screen.getByRole('menuitem', { name: 'Make owner' }));
    const handOver = screen.getByRole('dialog', { name: 'Make Grandma Ruth the owner?' });
    expect(handOver).toHaveTextContent('You become a parent');
    await user.click(within(handOver).getByRole('button', { name: 'Make owner' }));
    await waitFor(() =>
      expect(server.requestsTo('PATCH /api/v1/family/members/user-3')[0]?.body).toEqual({
        role: 'owner',
      }),
    );

    // The answer made Dana a parent: the owner's controls are gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Invite someone' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Leave family' })).toBeVisible();
  });

  it('the owner removes a member after confirming', async () => {
    const user = renderSection('owner');
    server.on('DELETE /api/v1/family/members/user-3', () => new Response(null, { status: 204 }));
    await user.click(await screen.findByRole('button', { name: 'Manage Grandma Ruth' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove from family' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Grandma Ruth?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(server.requestsTo('DELETE /api/v1/family/members/user-3')).toHaveLength(1),
    );
    expect(await screen.findByText('Grandma Ruth removed from the family')).toBeVisible();
  });

  it('the owner revokes a pending invitation', async () => {
    const user = renderSection('owner');
    server.on('DELETE /api/v1/family/invites/invite-1', () => new Response(null, { status: 204 }));
    await user.click(await screen.findByRole('button', { name: /^Revoke the parent invitation/ }));
    await waitFor(() =>
      expect(server.requestsTo('DELETE /api/v1/family/invites/invite-1')).toHaveLength(1),
    );
    expect(await screen.findByText('Invitation revoked')).toBeVisible();
  });

  it('an invitation: pick the role, then copy or share the one-time link', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'share');
    });
    const user = renderSection('owner');
    // user-event puts its own clipboard on navigator at setup.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const link = 'http://localhost:8080/join/token-abc';
    server.on('POST /api/v1/family/invites', () =>
      jsonResponse(201, {
        invite: {
          id: 'invite-2',
          role: 'caregiver',
          email: null,
          createdBy: 'user-1',
          createdAt: '2026-01-05T10:00:00.000Z',
          expiresAt: EXPIRES,
        },
        token: 'token-abc',
        link,
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite to your family' });
    await user.click(within(dialog).getByRole('radio', { name: /^Caregiver/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));
    await waitFor(() =>
      expect(server.requestsTo('POST /api/v1/family/invites')[0]?.body).toEqual({
        role: 'caregiver',
      }),
    );
    expect(await within(dialog).findByRole('textbox', { name: 'Invitation link' })).toHaveValue(
      link,
    );
    expect(dialog).toHaveTextContent('can join as a caregiver until');
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: link }));
  });

  it('an invitation by e-mail sends the address; a bad one is refused before sending', async () => {
    const user = renderSection('owner');
    server.on('POST /api/v1/family/invites', () =>
      jsonResponse(201, {
        invite: {
          id: 'invite-2',
          role: 'parent',
          email: 'lee@example.com',
          createdBy: 'user-1',
          createdAt: '2026-01-05T10:00:00.000Z',
          expiresAt: EXPIRES,
        },
        token: 'token-abc',
        link: 'http://localhost:8080/join/token-abc',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite to your family' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail (optional)' });
    await user.type(email, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));
    expect(await within(dialog).findByText(/^Invalid email format/)).toBeVisible();
    expect(server.requestsTo('POST /api/v1/family/invites')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'lee@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));
    expect(
      await within(dialog).findByText('Invitation e-mailed to lee@example.com.'),
    ).toBeVisible();
    expect(server.requestsTo('POST /api/v1/family/invites')[0]?.body).toEqual({
      role: 'parent',
      email: 'lee@example.com',
    });
    // Without the Web Share API (this test's browser) there is no Share button.
    expect(within(dialog).queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
