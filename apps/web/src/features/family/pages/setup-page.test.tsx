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
