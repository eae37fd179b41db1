import type { TFamilyProfile } from '@kkb/core/family/schema';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { completeProfile, familyWith, incompleteProfile } from '../../../test/auth-fixtures';
import { renderWithShell } from '../../../test/render';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { SetupPage } from './setup-page';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderSetup(profile: TFamilyProfile) {
  server.on('GET /api/v1/profile', () => jsonResponse(200, profile));
  renderWithShell(
    <QueryClientProvider client={createQueryClient()}>
      <Routes>
        <Route path="/setup" element={<SetupPage />} />
        <Route path="/dashboard" element={<p>Dashboard page</p>} />
      </Routes>
    </QueryClientProvider>,
    { route: '/setup' },
  );
  return userEvent.setup();
}

const saved = (profile: TFamilyProfile): TFamilyProfile => ({
  ...profile,
  updatedAt: '2026-01-05T10:05:00.000Z',
});

/** A child added, no city yet: setup resumes at the location. */
const withChildNoCity = (): TFamilyProfile =>
  saved({
    ...completeProfile(),
    location: { city: '', state: '', country: '', lat: null, lon: null },
  });

describe('SetupPage', { timeout: 20_000 }, () => {
  it('a new family starts at the family name, which is saved on Next', async () => {
    const user = renderSetup(incompleteProfile());
    const name = await screen.findByRole('textbox', { name: /^Family name/ });
    await user.clear(name);
    await user.type(name, 'The Smiths');
    server.on('PUT /api/v1/profile', () =>
      jsonResponse(200, {
        ...saved(incompleteProfile()),
        familyInfo: { ...incompleteProfile().familyInfo, familyName: 'The Smiths' },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Who are your children?' })).toBeVisible();
    expect(server.requestsTo('PUT /api/v1/profile')[0]?.body).toEqual({
      familyInfo: { familyName: 'The Smiths' },
    });
  });

  it('resumes at the children when the name was saved earlier; Next needs a child', async () => {
    const user = renderSetup(saved(incompleteProfile()));
    expect(await screen.findByRole('heading', { name: 'Who are your children?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Add at least one child to continue.')).toBeVisible();
  });

  it('adds a child with a POST; the list shows the saved children', async () => {
    const user = renderSetup(saved(incompleteProfile()));
    const child = completeProfile().familyInfo.children[0];
    server.on('POST /api/v1/profile/children', () => jsonResponse(201, child));
    await user.type(await screen.findByRole('textbox', { name: /^Child's name/ }), 'Noa');
    await user.type(screen.getByRole('spinbutton', { name: /^Age/ }), '5');
    // After the POST the profile is read again, now with the child.
    server.on('GET /api/v1/profile', () =>
      jsonResponse(200, {
        ...saved(incompleteProfile()),
        familyInfo: completeProfile().familyInfo,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Add child' }));

    await waitFor(() =>
      expect(server.requestsTo('POST /api/v1/profile/children')[0]?.body).toEqual({
        name: 'Noa',
        age: 5,
        interests: [],
        // The id it would be queued under, had the answer been lost.
        clientId: expect.any(String),
      }),
    );
    expect(await screen.findByRole('list', { name: 'Children added' })).toHaveTextContent('Noa');
  });

  it('issue 29: a child typed but not added is added by Next, which then goes on', async () => {
    const user = renderSetup(saved(incompleteProfile()));
    const child = completeProfile().familyInfo.children[0];
    server.on('POST /api/v1/profile/children', () => jsonResponse(201, child));
    await user.type(await screen.findByRole('textbox', { name: /^Child's name/ }), 'Noa');
    await user.type(screen.getByRole('spinbutton', { name: /^Age/ }), '5');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Where do you live?' })).toBeVisible();
    expect(screen.queryByText('Add at least one child to continue.')).toBeNull();
    expect(server.requestsTo('POST /api/v1/profile/children')).toHaveLength(1);
    expect(server.requestsTo('POST /api/v1/profile/children')[0]?.body).toMatchObject({
      name: 'Noa',
      age: 5,
    });
  });

  it('issue 29: a typed child the rules refuse keeps Next on the step with the form’s message', async () => {
    const user = renderSetup(withChildNoCity());
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Who are your children?' })).toBeVisible();
    // A name without an age: not a child the server would take.
    await user.type(screen.getByRole('textbox', { name: /^Child's name/ }), 'Eli');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('spinbutton', { name: /^Age/ })).toBeInvalid();
    expect(screen.getByRole('heading', { name: 'Who are your children?' })).toBeVisible();
    expect(server.requestsTo('POST /api/v1/profile/children')).toHaveLength(0);
  });

  it('with a child added and the form left empty, Next goes on without adding', async () => {
    const user = renderSetup(withChildNoCity());
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Where do you live?' })).toBeVisible();
    expect(server.requestsTo('POST /api/v1/profile/children')).toHaveLength(0);
  });

  it('says plainly what the activities cover when an age is outside them (issue 29)', async () => {
    server.on('GET /api/v1/activities/ages', () => jsonResponse(200, { youngest: 1, oldest: 12 }));
    const user = renderSetup(saved(incompleteProfile()));
    const age = await screen.findByRole('spinbutton', { name: /^Age/ });
    await user.type(age, '17');
    expect(
      await screen.findByText(
        'Activities are for ages 1 to 12, so at 17 they join in as a helper when a younger child plays.',
      ),
    ).toBeVisible();
    expect(age).toHaveAccessibleDescription(/join in as a helper/);
    await user.clear(age);
    await user.type(age, '0');
    expect(
      await screen.findByText(
        'Activities start at 12 months; until then you will see a look ahead.',
      ),
    ).toBeVisible();
    await user.clear(age);
    await user.type(age, '7');
    expect(await screen.findByText('In years, 0 to 17')).toBeVisible();
  });

  it('resumes at the location with a child but no city; Finish saves and opens the dashboard', async () => {
    const complete = completeProfile();
    const withoutCity = saved({
      ...complete,
      location: { city: '', state: '', country: '', lat: null, lon: null },
    });
    const user = renderSetup(withoutCity);
    expect(await screen.findByRole('heading', { name: 'Where do you live?' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: /^Timezone/ })).toHaveValue(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    server.on('PUT /api/v1/profile', () => jsonResponse(200, saved(complete)));
    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Haifa');
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(server.requestsTo('PUT /api/v1/profile')[0]?.body).toMatchObject({
      location: { city: 'Haifa', lat: null, lon: null },
    });
  });

  it('a family in Haifa with a US English browser gets metric units (issue 9)', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const complete = completeProfile();
    const user = renderSetup(
      saved({
        ...complete,
        location: { city: '', state: '', country: '', lat: null, lon: null },
        preferences: { ...complete.preferences, units: 'imperial' },
      }),
    );
    server.on('PUT /api/v1/profile', () => jsonResponse(200, saved(complete)));
    await user.type(await screen.findByRole('textbox', { name: /^City/ }), 'Haifa');
    await user.type(screen.getByRole('textbox', { name: /^Country/ }), 'Israel');
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(server.requestsTo('PUT /api/v1/profile')[0]?.body).toMatchObject({
      location: { city: 'Haifa', country: 'Israel' },
      preferences: { units: 'metric' },
    });
  });

  it('§4 a family whose setup is complete is not asked again', async () => {
    renderSetup(completeProfile());
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('a caregiver of a family not set up yet gets no wizard they could not save', async () => {
    server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('caregiver')));
    renderSetup(incompleteProfile());
    expect(await screen.findByText(/Your family is not set up yet/)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /^Family name/ })).toBeNull();
  });
});
