import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { achievement, firstSteps, stats } from '../test/fixtures';
import { renderWithQuery } from '../test/render';
import { AchievementsPage } from './achievements-page';

let server: FakeFetch;

const gettingStarted = achievement({
  id: 'streak-3',
  title: 'Getting Started',
  description: 'Do an activity three days in a row.',
  icon: 'local_fire_department',
  category: 'streaks',
  points: 20,
  progress: 1,
  maxProgress: 3,
});
const qualityTime = achievement({
  id: 'time-1-hour',
  title: 'Quality Time',
  icon: 'schedule',
  category: 'milestones',
  points: 30,
  progress: 45,
  maxProgress: 60,
});

function serve(list = [firstSteps(), gettingStarted, qualityTime]) {
  server.on('GET /api/v1/achievements', () => jsonResponse(200, { achievements: list }));
}

beforeEach(() => {
  server = installFakeFetch();
  server.on('GET /api/v1/stats', () =>
    jsonResponse(
      200,
      stats({
        totalActivities: 2,
        currentStreak: 1,
        longestStreak: 2,
        totalPoints: 10,
        achievementsUnlocked: 1,
        totalTimeSpent: 75,
      }),
    ),
  );
});

function statValue(label: string): string | null {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

describe('AchievementsPage', () => {
  it('shows the stats cards', async () => {
    serve();
    renderWithQuery(<AchievementsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Achievements' })).toBeVisible();
    await screen.findByText('Current streak');
    expect(statValue('Current streak')).toBe('1 day');
    expect(statValue('Longest streak')).toBe('2 days');
    expect(statValue('Points')).toBe('10');
    expect(statValue('Time together')).toBe('1 h 15 min');
    expect(statValue('Activities')).toBe('2');
  });

  it('highlights unlocked achievements with their date and shows the progress of locked ones', async () => {
    serve();
    renderWithQuery(<AchievementsPage />);
    const list = await screen.findByRole('list', { name: 'Achievements' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(screen.getByText('1 of 3 unlocked')).toBeVisible();

    const first = cards[0]!;
    expect(within(first).getByRole('heading', { name: 'First Steps' })).toBeVisible();
    expect(within(first).getByText('10 points')).toBeVisible();
    expect(within(first).getByText(/^Unlocked .*2026/)).toBeVisible();
    expect(within(first).queryByRole('progressbar')).toBeNull();

    const progress = screen.getByRole('progressbar', { name: 'Quality Time progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '75');
    expect(progress).toHaveAttribute('aria-valuetext', '45 of 60');
    expect(screen.getByText('Locked · 45 / 60')).toBeVisible();
  });

  it('filters the achievements by category', async () => {
    serve();
    renderWithQuery(<AchievementsPage />);
    const list = await screen.findByRole('list', { name: 'Achievements' });
    await userEvent.click(screen.getByRole('button', { name: 'Streaks' }));
    expect(screen.getByRole('button', { name: 'Streaks' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('heading', { name: 'Getting Started' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it('tells a family with nothing unlocked how to earn the first achievement', async () => {
    serve([achievement(), gettingStarted]);
    renderWithQuery(<AchievementsPage />);
    expect(await screen.findByText(/No achievements yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Find an activity' })).toHaveAttribute(
      'href',
      '/browse',
    );
  });

  it('shows the page error when loading fails, and Refresh Page loads again', async () => {
    server.on(
      'GET /api/v1/achievements',
      () => jsonResponse(404, { detail: 'Not found', code: 'DATA_NOT_FOUND' }),
      () => jsonResponse(200, { achievements: [firstSteps()] }),
    );
    renderWithQuery(<AchievementsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh Page' }));
    expect(await screen.findByRole('heading', { name: 'First Steps' })).toBeVisible();
  });

  it('says who of the family played how much, once more than one member has', async () => {
    serve();
    server.on('GET /api/v1/stats', () =>
      jsonResponse(
        200,
        stats({
          totalActivities: 3,
          totalTimeSpent: 95,
          byMember: [
            { userId: 'user-1', name: 'Dana Parent', activities: 2, minutes: 75 },
            { userId: 'user-2', name: 'Grandma Ruth', activities: 1, minutes: 20 },
          ],
        }),
      ),
    );
    renderWithQuery(<AchievementsPage />);
    const who = await screen.findByRole('list', { name: 'Who played' });
    expect(
      within(who)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['DDana Parent2 activities · 1 h 15 min', 'GGrandma Ruth1 activity · 20 min']);
  });

  it('a family of one is not listed member by member', async () => {
    serve();
    server.on('GET /api/v1/stats', () =>
      jsonResponse(
        200,
        stats({ byMember: [{ userId: 'user-1', name: 'Dana Parent', activities: 0, minutes: 0 }] }),
      ),
    );
    renderWithQuery(<AchievementsPage />);
    expect(await screen.findByText('Current streak')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Who played' })).toBeNull();
  });
});
