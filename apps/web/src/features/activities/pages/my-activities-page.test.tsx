import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import { SETTINGS_LOCATION_MESSAGE } from '@kkb/core/activities/practical-fields';
import { makeActivity } from '@kkb/core/activities/test-activity';
import type { TUserActivity } from '@kkb/core/activities/user-activity';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { familyWith } from '../../../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { MyActivitiesPage } from './my-activities-page';
import { renderPage } from './render-page.test-utils';

let server: FakeFetch;

const [firstBuiltIn, secondBuiltIn] = BUILT_IN_ACTIVITIES;
const own = makeActivity({ id: 'own-abc', title: 'Pirate Map' });

const NOW = '2026-01-05T10:00:00.000Z';

function mark(activityId: string, marks: { favorite: boolean; tried: boolean }): TUserActivity {
  return {
    id: `r-${activityId}`,
    userId: 'user-1',
    activityId,
    status: marks.favorite ? 'favorite' : 'tried',
    ...marks,
    completedAt: null,
    completedBy: null,
    completedChildIds: [],
    createdAt: NOW,
    updatedAt: NOW,
  };
}

beforeEach(() => {
  server = installFakeFetch();
  // More than two pages, paged as the server pages (the real catalogue is longer still).
  const all = [...BUILT_IN_ACTIVITIES.slice(0, 120), own];
  server.on('GET /api/v1/activities', ({ query }) => {
    const skip = Number(query.get('skip') ?? 0);
    const limit = Number(query.get('limit') ?? 50);
    const activities = all.slice(skip, skip + limit);
    return jsonResponse(200, { activities, total: all.length, skip, limit });
  });
  const records = [
    mark(firstBuiltIn!.id, { favorite: true, tried: false }),
    mark(secondBuiltIn!.id, { favorite: false, tried: true }),
  ];
  server.on('GET /api/v1/user-activities', () =>
    jsonResponse(200, { userActivities: records, total: 2, skip: 0, limit: 100 }),
  );
  server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('parent')));
});

const open = (url = '/my-activities') =>
  renderPage(<MyActivitiesPage />, { path: '/my-activities', url });

describe('/my-activities', () => {
  it('lists favourites and, on its tab, tried activities', async () => {
    open();
    const favourites = await screen.findByRole('list', { name: 'Favourite activities' });
    expect(within(favourites).getAllByRole('article')).toHaveLength(1);
    expect(within(favourites).getByRole('link', { name: firstBuiltIn!.title })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Tried' }));
    const tried = await screen.findByRole('list', { name: 'Tried activities' });
    expect(within(tried).getByRole('link', { name: secondBuiltIn!.title })).toBeVisible();
  });

  it('a favourite that was done is listed under Favourites and under Tried (issue 9)', async () => {
    const done = { ...mark(firstBuiltIn!.id, { favorite: true, tried: true }), completedAt: NOW };
    server.on('GET /api/v1/user-activities', () =>
      jsonResponse(200, { userActivities: [done], total: 1, skip: 0, limit: 100 }),
    );
    open();
    const favourites = await screen.findByRole('list', { name: 'Favourite activities' });
    expect(within(favourites).getByRole('link', { name: firstBuiltIn!.title })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Tried' }));
    const tried = await screen.findByRole('list', { name: 'Tried activities' });
    expect(within(tried).getByRole('link', { name: firstBuiltIn!.title })).toBeVisible();
  });

  // Typing into the whole form, key by key, takes over 15 s on a busy machine.
  it("our activities: only the family's own, created through the form", async () => {
    server.on('POST /api/v1/activities', (request) =>
      jsonResponse(201, { ...(request.body as object), id: 'own-new' }),
    );
    open('/my-activities?tab=own');
    const list = await screen.findByRole('list', { name: 'Our activities' });
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: 'Pirate Map' })).toBeVisible();

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'New activity' });
    await user.click(within(dialog).getByRole('button', { name: 'Create activity' }));
    expect(await within(dialog).findAllByText('This is required')).toHaveLength(2);
    expect(server.requestsTo('POST /api/v1/activities')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Sock Puppets');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Make puppets.');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'What you need' }),
      'Old socks{Enter}{Enter}Buttons',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create activity' }));
    await waitFor(() => expect(server.requestsTo('POST /api/v1/activities')).toHaveLength(1));
    expect(server.requestsTo('POST /api/v1/activities')[0]?.body).toMatchObject({
      title: 'Sock Puppets',
      description: 'Make puppets.',
      materials: ['Old socks', 'Buttons'],
      instructions: [],
      weather: ['any'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 30_000);

  it('the form shows the practical fields at their defaults, and sends those the family changes (issue 35)', async () => {
    server.on('POST /api/v1/activities', (request) =>
      jsonResponse(201, { ...(request.body as object), id: 'own-new' }),
    );
    open('/my-activities?tab=own');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'New activity' });
    const prep = within(dialog).getByRole('spinbutton', { name: 'Adult prep (minutes)' });
    const mess = (name: string) => within(dialog).getByRole('radio', { name });
    const box = (name: string) => within(dialog).getByRole('checkbox', { name });
    // Nothing to gather: no prep, no mess; a creative activity at home.
    expect(prep).toHaveValue(0);
    expect(mess('No mess')).toBeChecked();
    expect(box('Creative')).toBeChecked();
    expect(box('Home')).toBeChecked();
    expect(box('Car')).not.toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'What you need' }), 'Paper');
    expect(prep).toHaveValue(5);
    expect(mess('A little mess')).toBeChecked();

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Paper boats');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Fold, float.');
    await user.clear(prep);
    await user.type(prep, '10');
    await user.click(mess('Lots of mess'));
    await user.click(box('Language'));
    await user.click(box('Thinking'));
    // Three skills at most: the others wait until one is unticked.
    expect(box('Moving')).toBeDisabled();
    await user.click(box('Thinking'));
    expect(box('Moving')).toBeEnabled();
    await user.click(box('Car'));

    // Outdoor with home and the car: core's message, and nothing is sent.
    await user.click(within(dialog).getByRole('combobox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Outdoor' }));
    expect(within(dialog).getByText(SETTINGS_LOCATION_MESSAGE)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Create activity' }));
    expect(server.requestsTo('POST /api/v1/activities')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Indoor' }));
    expect(within(dialog).queryByText(SETTINGS_LOCATION_MESSAGE)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create activity' }));
    await waitFor(() => expect(server.requestsTo('POST /api/v1/activities')).toHaveLength(1));
    expect(server.requestsTo('POST /api/v1/activities')[0]?.body).toMatchObject({
      title: 'Paper boats',
      materials: ['Paper'],
      prepMinutes: 10,
      mess: 'lots',
      skills: ['creative', 'language'],
      settings: ['home', 'car'],
    });
  }, 30_000);

  it('left untouched, the practical fields are not sent: the activity keeps their defaults', async () => {
    server.on('POST /api/v1/activities', (request) =>
      jsonResponse(201, { ...(request.body as object), id: 'own-new' }),
    );
    open('/my-activities?tab=own');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'New activity' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Kitchen disco');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Dance.');
    await user.click(within(dialog).getByRole('button', { name: 'Create activity' }));
    await waitFor(() => expect(server.requestsTo('POST /api/v1/activities')).toHaveLength(1));
    const body = server.requestsTo('POST /api/v1/activities')[0]?.body as object;
    for (const field of ['prepMinutes', 'mess', 'skills', 'settings']) {
      expect(body).not.toHaveProperty(field);
    }
  }, 20_000);

  it('deleting asks first, then DELETEs', async () => {
    server.on('DELETE /api/v1/activities/own-abc', () => new Response(null, { status: 204 }));
    open('/my-activities?tab=own');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Pirate Map' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this activity?' });
    expect(server.requestsTo('DELETE /api/v1/activities/own-abc')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.requestsTo('DELETE /api/v1/activities/own-abc')).toHaveLength(1),
    );
  });

  it("a caregiver sees the family's own activities without New, Edit or Delete", async () => {
    server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('caregiver')));
    open('/my-activities?tab=own');
    const list = await screen.findByRole('list', { name: 'Our activities' });
    expect(within(list).getByRole('link', { name: 'Pirate Map' })).toBeVisible();
    // The role arrives with the family; by then a parent's buttons would show.
    await waitFor(() => expect(server.requestsTo('GET /api/v1/family')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'New activity' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Pirate Map' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Pirate Map' })).toBeNull();
  });

  it('a done activity shows who of the family last did it, by initial and name, under both its tabs', async () => {
    const done: TUserActivity = {
      ...mark(secondBuiltIn!.id, { favorite: true, tried: true }),
      completedAt: '2026-01-04T16:00:00.000Z',
      completedBy: 'user-2',
    };
    server.on('GET /api/v1/user-activities', () =>
      jsonResponse(200, { userActivities: [done], total: 1, skip: 0, limit: 100 }),
    );
    server.on('GET /api/v1/family', () =>
      jsonResponse(
        200,
        familyWith('owner', [{ userId: 'user-2', name: 'Grandma Ruth', role: 'caregiver' }]),
      ),
    );
    open();
    const favourites = await screen.findByRole('list', { name: 'Favourite activities' });
    expect(await within(favourites).findByText(/^Done by Grandma Ruth/)).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Tried' }));
    const tried = await screen.findByRole('list', { name: 'Tried activities' });
    expect(await within(tried).findByText(/^Done by Grandma Ruth/)).toBeVisible();
    expect(within(tried).getByText('G')).toBeVisible();
  });
});
