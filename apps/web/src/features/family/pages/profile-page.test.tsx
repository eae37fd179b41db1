import type { TFamily } from '@kkb/core/family/members';
import type { TChild, TFamilyProfile } from '@kkb/core/family/schema';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getAccessToken,
  getSessionUser,
  startSession,
} from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { completeProfile, familyWith, tokenSet } from '../../../test/auth-fixtures';
import { stubMatchMedia } from '../../../test/browser';
import { renderWithShell } from '../../../test/render';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { ProfilePage } from './profile-page';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

afterEach(() => clearSession());

function withSecondChild(profile: TFamilyProfile): TFamilyProfile {
  const [first] = profile.familyInfo.children as [TChild];
  const second: TChild = { ...first, id: 'child-2', name: 'Eli', age: 9, ageRange: [9, 11] };
  return { ...profile, familyInfo: { ...profile.familyInfo, children: [first, second] } };
}

function renderProfile(
  profile: TFamilyProfile,
  family: TFamily = familyWith('owner'),
  route = '/profile',
) {
  server.on('GET /api/v1/profile', () => jsonResponse(200, profile));
  server.on('GET /api/v1/family', () => jsonResponse(200, family));
  renderWithShell(
    <QueryClientProvider client={createQueryClient()}>
      <Routes>
        {/* As in the page frame, whose "Skip to content" link is the fragment #main-content. */}
        <Route
          path="/profile"
          element={
            <main id="main-content" tabIndex={-1}>
              <ProfilePage />
            </main>
          }
        />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </QueryClientProvider>,
    { route },
  );
  return userEvent.setup();
}

describe('ProfilePage', { timeout: 20_000 }, () => {
  it('shows every section, with the children and their ages', async () => {
    renderProfile(withSecondChild(completeProfile()));
    for (const title of [
      'Family',
      'Children',
      'Location & timezone',
      'Preferences',
      'Notifications',
      'Appearance',
      'Account',
    ]) {
      expect(await screen.findByRole('heading', { name: title, level: 2 })).toBeVisible();
    }
    const children = screen.getByRole('list', { name: 'Children' });
    expect(within(children).getAllByRole('listitem')).toHaveLength(2);
    expect(children).toHaveTextContent('NoaAge 5');
    expect(screen.getByRole('textbox', { name: /^City/ })).toHaveValue('Haifa');
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/notifications/settings',
    );
  });

  it('removes a child only after the confirmation, by id', async () => {
    const user = renderProfile(withSecondChild(completeProfile()));
    server.on('DELETE /api/v1/children/child-2', () => new Response(null, { status: 204 }));
    await user.click(await screen.findByRole('button', { name: 'Remove Eli' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Eli?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('DELETE /api/v1/children/child-2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Eli' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove Eli?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() =>
      expect(server.requestsTo('DELETE /api/v1/children/child-2')).toHaveLength(1),
    );
    expect(await screen.findByText('Eli removed')).toBeVisible();
  });

  it('§4 the only child cannot be removed, so the profile stays complete', async () => {
    renderProfile(completeProfile());
    expect(await screen.findByRole('button', { name: 'Edit Noa' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove Noa' })).toBeNull();
  });

  it('edits a child in a dialog with a PATCH of the fields', async () => {
    const user = renderProfile(completeProfile());
    const child = completeProfile().familyInfo.children[0];
    server.on('PATCH /api/v1/children/child-1', () => jsonResponse(200, { ...child, age: 6 }));
    await user.click(await screen.findByRole('button', { name: 'Edit Noa' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Noa' });
    const age = within(dialog).getByRole('spinbutton', { name: /^Age/ });
    await user.clear(age);
    await user.type(age, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(server.requestsTo('PATCH /api/v1/children/child-1')[0]?.body).toEqual({
        name: 'Noa',
        age: 6,
        interests: [],
      }),
    );
    expect(await screen.findByText('Noa saved')).toBeVisible();
  });

  it('a double click on Save adds the child once, and Save waits for the answer (issue 29)', async () => {
    const user = renderProfile(completeProfile());
    const child = completeProfile().familyInfo.children[0]!;
    let answer: (response: Response) => void = () => undefined;
    server.on(
      'POST /api/v1/profile/children',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await user.click(await screen.findByRole('button', { name: 'Add child' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a child' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Child's name/ }), 'Twin');
    await user.type(within(dialog).getByRole('spinbutton', { name: /^Age/ }), '4');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.dblClick(save);
    await waitFor(() => expect(save).toBeDisabled());
    answer(jsonResponse(201, { ...child, id: 'child-2', name: 'Twin', age: 4 }));
    expect(await screen.findByText('Twin added')).toBeVisible();
    const sent = server.requestsTo('POST /api/v1/profile/children');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('Idempotency-Key')).toMatch(/^"[0-9a-f-]{36}"$/);
  });

  it('a refused age stays in the dialog with core’s message', async () => {
    const user = renderProfile(completeProfile());
    await user.click(await screen.findByRole('button', { name: 'Edit Noa' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Noa' });
    const age = within(dialog).getByRole('spinbutton', { name: /^Age/ });
    await user.clear(age);
    await user.type(age, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Age must be a whole number from 0 to 17'),
    ).toBeVisible();
    expect(server.requestsTo('PATCH /api/v1/children/child-1')).toHaveLength(0);
  });

  it('a family photo is uploaded, then its address saved as photoURL', async () => {
    startSession(tokenSet());
    const user = renderProfile(completeProfile());
    server.on('PUT /api/v1/files/family/photo', () =>
      jsonResponse(201, { path: 'family/photo', url: '/api/v1/files/download/abc' }),
    );
    server.on('PUT /api/v1/profile', () =>
      jsonResponse(200, { ...completeProfile(), photoURL: '/api/v1/files/download/abc' }),
    );
    const photo = new File([new Uint8Array([0x89, 0x50])], 'p.png', { type: 'image/png' });
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
    await user.upload(await screen.findByLabelText('Upload family photo'), photo);

    expect(await screen.findByText('Family photo saved')).toBeVisible();
    expect(server.requestsTo('PUT /api/v1/profile')[0]?.body).toEqual({
      photoURL: '/api/v1/files/download/abc',
    });
    expect(screen.getByRole('img', { name: 'Family photo' })).toHaveAttribute(
      'src',
      '/api/v1/files/download/abc',
    );
  });

  it('signs out of all devices after confirming, then shows /login', async () => {
    startSession(tokenSet());
    const user = renderProfile(completeProfile());
    server.on('POST /api/v1/auth/logout-all', () => new Response(null, { status: 204 }));
    await user.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(server.requestsTo('POST /api/v1/auth/logout-all')).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
  });

  it('a caregiver sees the family, the children and the members, but nothing to change them', async () => {
    renderProfile(withSecondChild(completeProfile()), familyWith('caregiver'));
    expect(await screen.findByRole('heading', { name: 'Family members', level: 2 })).toBeVisible();
    const children = screen.getByRole('list', { name: 'Children' });
    expect(within(children).getAllByRole('listitem')).toHaveLength(2);
    expect(within(children).queryAllByRole('button')).toHaveLength(0);
    for (const name of ['Add child', 'Save family', 'Invite someone']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    // The photo button is a label around the file input.
    expect(screen.queryByText('Upload family photo')).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Family name/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Location & timezone' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Preferences' })).toBeNull();
    // What they may still do: leave, the look of the app, their own sign-ins.
    expect(screen.getByRole('button', { name: 'Leave family' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Appearance', level: 2 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign out of all devices' })).toBeVisible();
  });

  it("a caregiver names themselves (PATCH /account); the account menu's session follows (issue 29)", async () => {
    startSession(tokenSet());
    const user = renderProfile(completeProfile(), familyWith('caregiver'));
    server.on('PATCH /api/v1/account', (request) =>
      jsonResponse(200, { ...tokenSet().user, name: (request.body as { name: string }).name }),
    );
    const name = await screen.findByRole('textbox', { name: /^Your name/ });
    expect(name).toHaveValue('Dana Parent');
    const save = screen.getByRole('button', { name: 'Save name' });
    expect(save).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Savta Dana');
    await user.click(save);
    await waitFor(() =>
      expect(server.requestsTo('PATCH /api/v1/account')[0]?.body).toEqual({ name: 'Savta Dana' }),
    );
    await waitFor(() => expect(getSessionUser()?.name).toBe('Savta Dana'));
    // The family's own profile is not written: the name is the member's, not the family's.
    expect(server.requestsTo('PUT /api/v1/profile')).toHaveLength(0);
  });
});

describe('ProfilePage: our own data (issue 18)', { timeout: 20_000 }, () => {
  it('"Download our data" saves the export ZIP under the name the server gives', async () => {
    startSession(tokenSet());
    const user = renderProfile(completeProfile());
    server.on(
      'GET /api/v1/account/export',
      () =>
        new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
          status: 200,
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="keep-kid-busy-export-2026-11-23.zip"',
          },
        }),
    );
    const saved: { href: string; download: string }[] = [];
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    await user.click(await screen.findByRole('button', { name: 'Download our data' }));

    await waitFor(() =>
      expect(saved).toEqual([
        { href: 'blob:export', download: 'keep-kid-busy-export-2026-11-23.zip' },
      ]),
    );
    expect(server.requestsTo('GET /api/v1/account/export')[0]?.headers.get('Authorization')).toBe(
      'Bearer access-1',
    );
    click.mockRestore();
  });

  it('the last member is told the whole family goes; the password deletes it, then /login', async () => {
    startSession(tokenSet());
    const user = renderProfile(completeProfile());
    server.on('DELETE /api/v1/account', () => new Response(null, { status: 204 }));
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent(/whole family is deleted with you/);
    await user.type(within(dialog).getByLabelText(/Password/), 'my secret words');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(server.requestsTo('DELETE /api/v1/account').map((r) => r.body)).toEqual([
      { password: 'my secret words' },
    ]);
    expect(getAccessToken()).toBeNull();
  });

  it('a wrong password is said in the dialog and nothing else happens', async () => {
    startSession(tokenSet());
    const user = renderProfile(completeProfile());
    server.on('DELETE /api/v1/account', () =>
      jsonResponse(400, { detail: 'The password is not correct', code: 'VALIDATION_ERROR' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText(/Password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByText('The password is not correct')).toBeVisible();
    expect(getAccessToken()).toBe('access-1');
    expect(screen.queryByText('Login page')).toBeNull();
  });

  it('the owner of a shared family is asked to hand ownership over first', async () => {
    const user = renderProfile(
      completeProfile(),
      familyWith('owner', [{ userId: 'user-2', name: 'Dad', role: 'parent' }]),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent(/Make another member the owner first/);
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  });

  it('a member of a shared family is told the family stays', async () => {
    const user = renderProfile(completeProfile(), familyWith('parent'));
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent(/You leave your family; it keeps/);
  });
});

describe('ProfilePage: sections to jump to (issue 29)', { timeout: 20_000 }, () => {
  /** Each call's element and options; jsdom does not scroll. */
  let scrolls: { element: Element; options: unknown }[];

  beforeEach(() => {
    scrolls = [];
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolls.push({ element: this, options });
    };
    stubMatchMedia(() => false);
  });

  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  const SECTIONS = [
    ['Family', 'family', 'Family'],
    ['Children', 'children', 'Children'],
    ['Members', 'members', 'Family members'],
    ['Location', 'location', 'Location & timezone'],
    ['Preferences', 'preferences', 'Preferences'],
    ['Notifications', 'notifications', 'Notifications'],
    ['Appearance', 'appearance', 'Appearance'],
    ['Account', 'account', 'Account'],
  ] as const;

  it('links to every section in page order, each section a landmark with that id', async () => {
    renderProfile(completeProfile());
    const nav = await screen.findByRole('navigation', { name: 'Profile sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(SECTIONS.map(([link]) => link));
    for (const [link, id, title] of SECTIONS) {
      expect(within(nav).getByRole('link', { name: link })).toHaveAttribute(
        'href',
        `/profile#${id}`,
      );
      const region = screen.getByRole('region', { name: title });
      expect(region).toHaveAttribute('id', id);
      expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(title);
    }
  });

  it('a caregiver gets links only to the sections they see', async () => {
    renderProfile(completeProfile(), familyWith('caregiver'));
    const nav = await screen.findByRole('navigation', { name: 'Profile sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Family', 'Children', 'Members', 'Notifications', 'Appearance', 'Account']);
  });

  it('a link scrolls smoothly to its section and focuses its heading, again when followed again', async () => {
    const user = renderProfile(completeProfile());
    const nav = await screen.findByRole('navigation', { name: 'Profile sections' });
    await user.click(within(nav).getByRole('link', { name: 'Members' }));
    const heading = screen.getByRole('heading', { name: 'Family members', level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrolls).toEqual([
      {
        element: document.getElementById('members'),
        options: { behavior: 'smooth', block: 'start' },
      },
    ]);

    // Scrolled away and back by the same link: the address does not change, the jump still happens.
    heading.blur();
    await user.click(within(nav).getByRole('link', { name: 'Members' }));
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrolls).toHaveLength(2);
  });

  it('with reduced motion, a link jumps without the smooth scroll', async () => {
    stubMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
    const user = renderProfile(completeProfile());
    const nav = await screen.findByRole('navigation', { name: 'Profile sections' });
    await user.click(within(nav).getByRole('link', { name: 'Account' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Account', level: 2 })).toHaveFocus(),
    );
    expect(scrolls).toEqual([
      {
        element: document.getElementById('account'),
        options: { behavior: 'instant', block: 'start' },
      },
    ]);
  });

  it('opens at the place the address names once the page is drawn: /profile#devices', async () => {
    renderProfile(completeProfile(), familyWith('owner'), '/profile#devices');
    const heading = await screen.findByRole('heading', { name: 'Devices with push notifications' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrolls).toEqual([
      {
        element: document.getElementById('devices'),
        options: { behavior: 'instant', block: 'start' },
      },
    ]);
  });

  it("leaves other fragments to the browser (the frame's skip link)", async () => {
    renderProfile(completeProfile(), familyWith('owner'), '/profile#main-content');
    await screen.findByRole('navigation', { name: 'Profile sections' });
    // A frame for the page to act in, had it meant to.
    await new Promise((resolve) => window.requestAnimationFrame(resolve));
    expect(scrolls).toEqual([]);
    expect(document.body).toHaveFocus();
  });
});
