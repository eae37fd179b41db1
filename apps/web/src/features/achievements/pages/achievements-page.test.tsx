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

const noSkills = {
  'gross-motor': 0,
  'fine-motor': 0,
  language: 0,
  thinking: 0,
  'social-emotional': 0,
  creative: 0,
};

describe("AchievementsPage: each child's growth (issue 35)", () => {
  it("shows each child's play by skill area with the same numbers in a table; a child with none is told how", async () => {
    serve();
    const week = (activities: number, skills: Partial<typeof noSkills> = {}) => ({
      activities,
      skills: { ...noSkills, ...skills },
    });
    server.on('GET /api/v1/stats/skills', () =>
      jsonResponse(200, {
        weeks: [
          { from: '2026-02-18', to: '2026-02-24' },
          { from: '2026-02-25', to: '2026-03-03' },
        ],
        children: [
          {
            childId: 'c1',
            name: 'Maya',
            weeks: [week(1, { language: 1 }), week(3, { 'gross-motor': 2, creative: 1 })],
          },
          { childId: 'c2', name: 'Leo', weeks: [week(0), week(0)] },
        ],
      }),
    );
    renderWithQuery(<AchievementsPage />);
    const section = await screen.findByRole('region', { name: "Each child's growth" });
    const maya = within(section).getByRole('region', { name: 'Maya' });
    expect(within(maya).getByText('4 activities in 2 weeks; most of all moving.')).toBeVisible();
    const table = within(maya).getByRole('table', {
      name: "Maya's activities by skill area, week by week",
    });
    const rows = within(table).getAllByRole('row');
    const cells = (name: string) =>
      within(rows.find((row) => within(row).queryByRole('rowheader', { name }))!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Moving')).toEqual(['0', '2']);
    expect(cells('Language')).toEqual(['1', '0']);
    expect(cells('All activities')).toEqual(['1', '3']);
    await userEvent.click(within(maya).getByText('Show as table'));
    expect(table).toBeVisible();
    const leo = within(section).getByRole('region', { name: 'Leo' });
    expect(within(leo).getByText(/No activities named Leo in these weeks/)).toBeVisible();
    expect(within(leo).queryByRole('table')).toBeNull();
  });
});

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

  it('issue 29: says how much each child played, once a completion named children', async () => {
    serve();
    server.on('GET /api/v1/stats', () =>
      jsonResponse(
        200,
        stats({
          totalActivities: 2,
          totalTimeSpent: 50,
          byChild: [
            { childId: 'noa', name: 'Noa', activities: 2, minutes: 50 },
            { childId: 'eli', name: 'Eli', activities: 0, minutes: 0 },
          ],
        }),
      ),
    );
    renderWithQuery(<AchievementsPage />);
    const children = await screen.findByRole('list', { name: "Each child's play" });
    expect(
      within(children)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['NNoa2 activities · 50 min', 'EEli0 activities · 0 min']);
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
    expect(screen.queryByRole('heading', { name: "Each child's play" })).toBeNull();
  });
});
