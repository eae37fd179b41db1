import type { TRecommendationsResponse } from '@kkb/core/activities/recommend';
import { makeActivity } from '@kkb/core/activities/test-activity';
import { fixedTelAvivWeather } from '@kkb/core/weather/weather';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeProfile } from '../../../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { stubReducedMotion } from '../../achievements/test/fixtures';
import { queriesTo, renderPage } from '../../activities/pages/render-page.test-utils';
import { CircularActivitiesPage } from './circular-activities-page';

let server: FakeFetch;

function suggestions(titles: string[]): TRecommendationsResponse {
  const weather = fixedTelAvivWeather('metric', 'fixed', '2026-01-05T10:00:00.000Z');
  return {
    recommendations: titles.map((title, i) => ({
      activity: makeActivity({ id: `a-${i}`, title }),
      score: 80 - i,
      reasons: [],
    })),
    weather,
    basis: {
      age: 5,
      childId: null,
      timeAvailable: 30,
      location: 'both',
      energyLevel: null,
      weather: weather.condition,
      afterDark: false,
      evening: false,
      lookAhead: false,
      ageCoverage: { youngest: 1, oldest: 12 },
      helperIds: [],
    },
  };
}

const TITLES = ['Paper boats', 'Treasure hunt', 'Sock puppets', 'Balloon tennis'];

beforeEach(() => {
  server = installFakeFetch();
  server.on('GET /api/v1/profile', () => jsonResponse(200, completeProfile()));
  server.on('GET /api/v1/recommendations', () => jsonResponse(200, suggestions(TITLES)));
});

function renderWheel(randomValues: number[]) {
  const random = () => randomValues.shift() ?? 0;
  return renderPage(<CircularActivitiesPage random={random} />, {
    path: '/circular-activities',
    url: '/circular-activities',
  });
}

describe('/circular-activities', () => {
  it('with reduced motion, lands at once on the fair pick and announces it', async () => {
    stubReducedMotion(true);
    const user = userEvent.setup();
    // 0.6 of 4 slices is the third one.
    renderWheel([0.6, 0.5]);
    expect(await screen.findByRole('img', { name: /A wheel of 4 activities/ })).toBeVisible();
    expect(screen.getByRole('main')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );

    await user.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    // Announced as a dialog over the wheel (issue 29: seen on a phone), named by the pick, with
    // the focus in it.
    const result = screen.getByRole('dialog', { name: 'The wheel picked: Sock puppets' });
    expect(result).toBeVisible();
    expect(result).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('link', { name: 'Play it now' })).toHaveAttribute(
      'href',
      '/activity-theater/a-2',
    );
    expect(screen.getByRole('link', { name: 'See details' })).toHaveAttribute(
      'href',
      '/activity/a-2',
    );
    // Behind the dialog, hidden from screen readers meanwhile.
    expect(screen.getByRole('img', { name: /A wheel/, hidden: true }).style.transition).toBe(
      'none',
    );
  });

  it('spins again to a new fair pick', async () => {
    stubReducedMotion(true);
    const user = userEvent.setup();
    renderWheel([0.1, 0.5, 0.99, 0.5]);
    await screen.findByRole('img', { name: /A wheel/ });
    await user.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    expect(screen.getByRole('heading', { name: 'The wheel picked: Paper boats' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Spin again' }));
    expect(screen.getByRole('heading', { name: 'The wheel picked: Balloon tennis' })).toBeVisible();
  });

  it('with motion, shows the winner once the wheel stops', async () => {
    stubReducedMotion(false);
    const user = userEvent.setup();
    renderWheel([0.3, 0.5]);
    await screen.findByRole('img', { name: /A wheel/ });
    await user.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    expect(screen.getByText('The wheel is spinning…')).toBeVisible();
    const wheel = screen.getByRole('img', { name: /A wheel/ });
    expect(wheel.style.transition).toContain('transform');
    wheel.dispatchEvent(new Event('transitionend', { bubbles: true }));
    expect(
      await screen.findByRole('heading', { name: 'The wheel picked: Treasure hunt' }),
    ).toBeVisible();
  });

  it('asks for suggestions with the chosen place and time', async () => {
    stubReducedMotion(true);
    const user = userEvent.setup();
    renderWheel([]);
    await screen.findByRole('img', { name: /A wheel/ });
    await user.click(screen.getByRole('button', { name: 'Outdoor' }));
    await user.click(screen.getByRole('button', { name: '60 min' }));
    await waitFor(() =>
      expect(queriesTo(server.fetch, '/api/v1/recommendations').at(-1)).toMatch(
        /timeAvailable=60.*location=outdoor|location=outdoor.*timeAvailable=60/,
      ),
    );
  });
});
