import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { stats } from '../test/fixtures';
import { renderWithQuery } from '../test/render';
import { StreakPointsCard } from './streak-points-card';

const STATS = 'GET /api/v1/stats';
let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

describe('StreakPointsCard', () => {
  it('shows placeholders while the stats load, then the streaks and points', async () => {
    server.on(STATS, () =>
      jsonResponse(
        200,
        stats({ totalActivities: 4, currentStreak: 1, longestStreak: 3, totalPoints: 30 }),
      ),
    );
    renderWithQuery(<StreakPointsCard />);
    expect(screen.getByRole('status', { name: 'Loading your streak' })).toHaveAttribute(
      'aria-busy',
      'true',
    );

    const card = await screen.findByRole('region', { name: 'Your streak' });
    expect(await within(card).findByText('1 day')).toBeVisible();
    expect(within(card).getByText('3 days')).toBeVisible();
    expect(within(card).getByText('30')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'View achievements' })).toHaveAttribute(
      'href',
      '/achievements',
    );
  });

  it('tells a family without completions how to start a streak', async () => {
    server.on(STATS, () => jsonResponse(200, stats()));
    renderWithQuery(<StreakPointsCard />);
    expect(await screen.findByText('Mark an activity as done to start your streak.')).toBeVisible();
    expect(screen.getAllByText('0 days')).toHaveLength(2);
  });

  it('shows the component error when the stats fail, and its refresh asks again', async () => {
    server.on(
      STATS,
      () => jsonResponse(404, { detail: 'Not found', code: 'DATA_NOT_FOUND' }),
      () =>
        jsonResponse(
          200,
          stats({ totalActivities: 1, currentStreak: 1, longestStreak: 1, totalPoints: 10 }),
        ),
    );
    renderWithQuery(<StreakPointsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findAllByText('1 day')).toHaveLength(2);
  });
});
