import { makeActivity } from '@kkb/core/activities/test-activity';
import type { TUserActivity } from '@kkb/core/activities/user-activity';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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

function record(status: TUserActivity['status']): TUserActivity {
  const now = '2026-01-05T10:00:00.000Z';
  return {
    id: 'r1',
    userId: 'user-1',
    activityId: 'volcano',
    status,
    completedAt: null,
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

  it('favourite: PUT status favorite; pressing again DELETEs the record', async () => {
    server.on(
      'GET /api/v1/user-activities',
      () => records(),
      () => records(record('favorite')),
    );
    server.on('PUT /api/v1/user-activities/volcano', () => jsonResponse(201, record('favorite')));
    server.on('DELETE /api/v1/user-activities/volcano', () => new Response(null, { status: 204 }));
    open();
    const favourite = await screen.findByRole('button', { name: 'Favourite' });
    await waitFor(() => expect(favourite).toBeEnabled());
    expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(favourite);
    await waitFor(() => expect(favourite).toHaveAttribute('aria-pressed', 'true'));
    expect(server.requestsTo('PUT /api/v1/user-activities/volcano')[0]?.body).toEqual({
      status: 'favorite',
    });
    // One mark per activity: a favourite is not also listed as tried.
    expect(screen.getByRole('button', { name: 'Mark as tried' })).toBeDisabled();

    server.on('GET /api/v1/user-activities', () => records());
    await userEvent.click(favourite);
    await waitFor(() => expect(favourite).toHaveAttribute('aria-pressed', 'false'));
    expect(server.requestsTo('DELETE /api/v1/user-activities/volcano')).toHaveLength(1);
  });

  it('mark as tried: PUT status tried', async () => {
    server.on(
      'GET /api/v1/user-activities',
      () => records(),
      () => records(record('tried')),
    );
    server.on('PUT /api/v1/user-activities/volcano', () => jsonResponse(201, record('tried')));
    open();
    const tried = await screen.findByRole('button', { name: 'Mark as tried' });
    await waitFor(() => expect(tried).toBeEnabled());
    await userEvent.click(tried);
    expect(await screen.findByRole('button', { name: 'Tried', pressed: true })).toBeVisible();
    expect(server.requestsTo('PUT /api/v1/user-activities/volcano')[0]?.body).toEqual({
      status: 'tried',
    });
  });
});
