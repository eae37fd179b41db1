import { makeActivity } from '@kkb/core/activities/test-activity';
import type { TUserActivity } from '@kkb/core/activities/user-activity';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { completeProfile, familyWith } from '../../../test/auth-fixtures';
import { setNavigatorOnline } from '../../../test/browser';
import { deviceCatalogue, holdCatalogue } from '../../../test/held-catalogue';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { ActivityDetailPage } from './activity-detail-page';
import { renderPage } from './render-page.test-utils';

let server: FakeFetch;

const volcano = makeActivity({
  id: 'volcano',
  title: 'Kitchen Volcano',
  materials: ['Baking soda', 'Vinegar'],
  instructions: ['Build the volcano', 'Add baking soda', 'Pour the vinegar'],
  tips: ['Do it on a tray'],
  variations: ['Use coloured vinegar'],
  learningObjectives: ['Acids and bases'],
  safetyTips: ['Keep vinegar away from eyes'],
  tags: ['science'],
  weather: ['any'],
});

function record(marks: { favorite?: boolean; tried?: boolean }): TUserActivity {
  const now = '2026-01-05T10:00:00.000Z';
  const favorite = marks.favorite ?? false;
  return {
    id: 'r1',
    userId: 'user-1',
    activityId: 'volcano',
    status: favorite ? 'favorite' : 'tried',
    favorite,
    tried: marks.tried ?? false,
    completedAt: null,
    completedBy: null,
    completedChildIds: [],
    createdAt: now,
    updatedAt: now,
  };
}

function records(...list: TUserActivity[]) {
  return jsonResponse(200, { userActivities: list, total: list.length, skip: 0, limit: 100 });
}

beforeEach(() => {
  server = installFakeFetch();
  server.on('GET /api/v1/activities/volcano', () => jsonResponse(200, volcano));
});

const open = (id = 'volcano') =>
  renderPage(<ActivityDetailPage />, { path: '/activity/:id', url: `/activity/${id}` });

describe('/activity/{id}: export as catalogue file (issue 35)', () => {
  const own = { ...volcano, id: 'own-abc', title: 'Our Volcano' };

  it('only an own activity offers it; what the catalogue still needs is said', async () => {
    server.on('GET /api/v1/user-activities', () => records());
    server.on('GET /api/v1/activities/own-abc', () => jsonResponse(200, own));
    server.on('GET /api/v1/activities/own-abc/catalogue-file', () =>
      jsonResponse(422, {
        detail: 'Before it can go in the catalogue: instructions: 4 to 8 instructions (it has 3)',
        code: 'VALIDATION_ERROR',
      }),
    );
    open('own-abc');
    const button = await screen.findByRole('button', { name: 'Export as catalogue file' });
    await userEvent.click(button);
    const status = await screen.findByText('Not ready for the catalogue yet');
    expect(status.closest('[role="status"]')).toHaveTextContent('Not ready for the catalogue yet');
    expect(status.closest('[role="status"]')).toHaveTextContent(
      'instructions: 4 to 8 instructions (it has 3)',
    );
  });

  it('a built-in activity does not offer it', async () => {
    server.on('GET /api/v1/user-activities', () => records());
    open();
    await screen.findByRole('heading', { name: 'Kitchen Volcano' });
    expect(screen.queryByRole('button', { name: 'Export as catalogue file' })).toBeNull();
  });
});

describe('/activity/{id}', () => {
  it('Start opens the activity in the theater', async () => {
    server.on('GET /api/v1/user-activities', () => records());
    open();
    expect(await screen.findByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      '/activity-theater/volcano',
    );
  });

  it('§3 shows every field; instructions as an ordered list', async () => {
    server.on('GET /api/v1/user-activities', () => records());
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen Volcano' })).toBeVisible();
    const steps = screen.getByRole('heading', { name: 'Instructions' }).nextElementSibling!;
    expect(steps.tagName).toBe('OL');
    expect(within(steps as HTMLElement).getAllByRole('listitem')).toHaveLength(3);
    for (const text of [
      'Baking soda',
      'Do it on a tray',
      'Use coloured vinegar',
      'Acids and bases',
      'Keep vinegar away from eyes',
      'science',
      '3–8 years',
      '30 min',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Mark as done' })).toBeVisible();
  });

  it('shows seasons, waiting and that nothing needs gathering (issue 15)', async () => {
    const sprouts = makeActivity({
      id: 'sprouts',
      title: 'Cress Heads',
      materials: [],
      seasons: ['spring', 'summer'],
      prepMinutes: 720,
      spansDays: 7,
    });
    server.on('GET /api/v1/activities/sprouts', () => jsonResponse(200, sprouts));
    server.on('GET /api/v1/user-activities', () => records());
    open('sprouts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cress Heads' })).toBeVisible();
    expect(screen.getByText('Spring, Summer')).toBeVisible();
    expect(screen.getByText('Start 12 hours ahead, goes on over 7 days')).toBeVisible();
    expect(screen.getByText(/Nothing to gather/)).toBeVisible();
  });

  it('§5 an unknown id shows "Activity not found" with a link to browse', async () => {
    open('nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Activity not found' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse activities' })).toHaveAttribute(
      'href',
      '/browse',
    );
  });

  it('favourite: PUT its favourite mark; pressing again DELETEs that mark', async () => {
    server.on(
      'GET /api/v1/user-activities',
      () => records(),
      () => records(record({ favorite: true })),
    );
    server.on('PUT /api/v1/user-activities/volcano/favorite', () =>
      jsonResponse(200, record({ favorite: true })),
    );
    server.on(
      'DELETE /api/v1/user-activities/volcano/favorite',
      () => new Response(null, { status: 204 }),
    );
    open();
    const favourite = await screen.findByRole('button', { name: 'Favourite' });
    await waitFor(() => expect(favourite).toBeEnabled());
    expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(favourite);
    await waitFor(() => expect(favourite).toHaveAttribute('aria-pressed', 'true'));
    expect(server.requestsTo('PUT /api/v1/user-activities/volcano/favorite')).toHaveLength(1);

    server.on('GET /api/v1/user-activities', () => records());
    await userEvent.click(favourite);
    await waitFor(() => expect(favourite).toHaveAttribute('aria-pressed', 'false'));
    expect(server.requestsTo('DELETE /api/v1/user-activities/volcano/favorite')).toHaveLength(1);
  });

  it('a favourite can be marked tried too, and stays a favourite (issue 9)', async () => {
    server.on(
      'GET /api/v1/user-activities',
      () => records(record({ favorite: true })),
      () => records(record({ favorite: true, tried: true })),
    );
    server.on('PUT /api/v1/user-activities/volcano/tried', () =>
      jsonResponse(200, record({ favorite: true, tried: true })),
    );
    open();
    const tried = await screen.findByRole('button', { name: 'Mark as tried' });
    await waitFor(() => expect(tried).toBeEnabled());
    await userEvent.click(tried);
    expect(await screen.findByRole('button', { name: 'Tried', pressed: true })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Favourite', pressed: true })).toBeVisible();
    expect(server.requestsTo('PUT /api/v1/user-activities/volcano/tried')).toHaveLength(1);
    expect(screen.getByText(/Listed under Favourites and Tried/)).toBeVisible();
  });

  it('done at least once: it shows as tried, and Tried can still be pressed', async () => {
    server.on('GET /api/v1/user-activities', () =>
      records({ ...record({ favorite: true, tried: true }), completedAt: '2026-01-05T09:00:00Z' }),
    );
    open();
    const tried = await screen.findByRole('button', { name: 'Tried', pressed: true });
    await waitFor(() => expect(tried).toBeEnabled());
  });

  it('the back link returns to the list the activity was opened from, filters included', async () => {
    server.on('GET /api/v1/user-activities', () => records());
    renderPage(<ActivityDetailPage />, {
      path: '/activity/:id',
      url: { pathname: '/activity/volcano', state: { from: '/browse?category=nature&page=2' } },
    });
    expect(await screen.findByRole('link', { name: 'All activities' })).toHaveAttribute(
      'href',
      '/browse?category=nature&page=2',
    );
  });

  it('opened from the dashboard, the back link says so; opened directly, it goes to browse', async () => {
    server.on('GET /api/v1/user-activities', () => records());
    const fromDashboard = renderPage(<ActivityDetailPage />, {
      path: '/activity/:id',
      url: { pathname: '/activity/volcano', state: { from: '/dashboard?location=indoor' } },
    });
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard?location=indoor',
    );
    fromDashboard.unmount();
    open();
    expect(await screen.findByRole('link', { name: 'All activities' })).toHaveAttribute(
      'href',
      '/browse',
    );
  });
});

describe('/activity/{id}: Remind me (issue 11)', () => {
  beforeEach(() => {
    server.on('GET /api/v1/user-activities', () => records());
    // As the server answers a reminder for later: scheduled at the time asked.
    server.on('POST /api/v1/notifications/activity-reminder', ({ body }) =>
      jsonResponse(202, {
        status: 'scheduled',
        notification: null,
        deliverAt: (body as { scheduled_time: string }).scheduled_time,
      }),
    );
    // Only the clock is fixed: 14:20 local time, so the next full hour is today 15:00.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 5, 14, 14, 20));
  });

  const openDialog = async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Remind me' }));
    return screen.getByRole('dialog', { name: 'Remind me' });
  };

  it('offers today at the next full hour and sets the reminder for this activity', async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText(/When/)).toHaveValue('2030-06-14T15:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set reminder' }));
    expect(await screen.findByText(/^Reminder set for .*14/)).toBeVisible();
    expect(server.requestsTo('POST /api/v1/notifications/activity-reminder')[0]?.body).toEqual({
      activity_name: 'Kitchen Volcano',
      scheduled_time: new Date(2030, 5, 14, 15, 0).toISOString(),
      activity_id: 'volcano',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes another time the parent picks', async () => {
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/When/), {
      target: { value: '2030-06-15T09:30' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set reminder' }));
    await waitFor(() =>
      expect(
        server.requestsTo('POST /api/v1/notifications/activity-reminder')[0]?.body,
      ).toMatchObject({ scheduled_time: new Date(2030, 5, 15, 9, 30).toISOString() }),
    );
  });

  it('refuses a time that has passed, and an empty one', async () => {
    const dialog = await openDialog();
    const when = within(dialog).getByLabelText(/When/);
    fireEvent.change(when, { target: { value: '2030-06-14T09:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set reminder' }));
    expect(await within(dialog).findByText('Pick a time that has not passed')).toBeVisible();
    fireEvent.change(when, { target: { value: '' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set reminder' }));
    expect(await within(dialog).findByText('Pick a date and a time')).toBeVisible();
    expect(server.requestsTo('POST /api/v1/notifications/activity-reminder')).toHaveLength(0);
  });

  it('reminders switched off: nothing is set, the dialog says so and leads to the settings', async () => {
    server.on('POST /api/v1/notifications/activity-reminder', () =>
      jsonResponse(200, { status: 'switched_off', notification: null, deliverAt: null }),
    );
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set reminder' }));
    expect(await within(dialog).findByText(/Activity reminders are switched off/)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/notifications/settings',
    );
    expect(screen.queryByText(/^Reminder set for/)).toBeNull();
  });

  it('says why when the server refuses, and keeps the dialog open', async () => {
    server.on('POST /api/v1/notifications/activity-reminder', () =>
      jsonResponse(503, {
        detail: 'Notifications is currently unavailable. Please try again later',
        code: 'SERVICE_UNAVAILABLE',
      }),
    );
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set reminder' }));
    expect(await within(dialog).findByText(/Notifications is currently unavailable/)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Remind me' })).toBeVisible();
  });
});

describe('issue 29: the page says when the activity was done, and "Mark as done" asks who played', () => {
  const twoChildren = () => {
    const profile = completeProfile();
    const [noa] = profile.familyInfo.children;
    profile.familyInfo.children.push({ ...noa!, id: 'child-2', name: 'Eli' });
    profile.familyInfo.timezone = 'UTC';
    return profile;
  };
  const done = (completedAt: string, completedBy: string, children: string[]): TUserActivity => ({
    ...record({ tried: true }),
    completedAt,
    completedBy,
    completedChildIds: children,
  });

  beforeEach(() => {
    server.on('GET /api/v1/profile', () => jsonResponse(200, twoChildren()));
    server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('parent')));
  });

  it('done today: "Done today", at what time, by whom and with which children', async () => {
    server.on('GET /api/v1/user-activities', () =>
      records(done(new Date().toISOString(), 'user-1', ['child-1', 'child-2'])),
    );
    open();
    expect(await screen.findByText('Done today')).toBeVisible();
    expect(await screen.findByText(/^At .+ by you, with Noa and Eli$/)).toBeVisible();
  });

  it('done before: when it was last done, by the member who logged it', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    server.on('GET /api/v1/user-activities', () =>
      records(done(threeDaysAgo, 'user-owner', ['child-2'])),
    );
    open();
    expect(await screen.findByText(/^Last done on .+ by Sam Owner, with Eli$/)).toBeVisible();
    expect(screen.queryByText('Done today')).toBeNull();
  });

  it('opened from the dashboard with a child chosen, that child is who played to start with', async () => {
    server.on('GET /api/v1/user-activities', () => records());
    renderPage(<ActivityDetailPage />, {
      path: '/activity/:id',
      url: { pathname: '/activity/volcano', state: { from: '/dashboard?childId=child-2' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as done' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Eli' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Noa' })).not.toBeChecked();
  });
});

describe('/activity/{id} on a device holding the catalogue (issue 30)', () => {
  it('offline, never opened before: the activity from the catalogue the device holds', async () => {
    setNavigatorOnline(false);
    onlineManager.setOnline(false);
    renderPage(<ActivityDetailPage />, {
      path: '/activity/:id',
      url: '/activity/volcano',
      queryClient: holdCatalogue(createQueryClient(), deviceCatalogue([volcano])),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen Volcano' })).toBeVisible();
    expect(screen.getByText('Pour the vinegar')).toBeVisible();
    expect(server.requestsTo('GET /api/v1/activities/volcano')).toHaveLength(0);
  });
});
