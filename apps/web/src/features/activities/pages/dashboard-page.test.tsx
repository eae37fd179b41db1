import type { TRecommendationsResponse } from '@kkb/core/activities/recommend';
import { makeActivity } from '@kkb/core/activities/test-activity';
import type { TWeather } from '@kkb/core/weather/schema';
import { fixedTelAvivWeather } from '@kkb/core/weather/weather';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { completeProfile, familyWith } from '../../../test/auth-fixtures';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { prefetchDashboard } from '../api/prefetch-dashboard';
import { DashboardPage } from './dashboard-page';
import { queriesTo, renderPage } from './render-page.test-utils';

let server: FakeFetch;

const NOW = '2026-01-05T10:00:00.000Z';

function weather(overrides: Partial<TWeather> = {}): TWeather {
  return { ...fixedTelAvivWeather('metric', 'fixed', NOW), source: 'open-meteo', ...overrides };
}

function recommendations(
  w: TWeather,
  basis: Partial<TRecommendationsResponse['basis']> = {},
): TRecommendationsResponse {
  return {
    recommendations: Array.from({ length: 6 }, (_, i) => ({
      activity: makeActivity({ id: `a-${i}`, title: `Idea ${i}` }),
      score: 80 - i,
      reasons: ['Just right for Noa and Leo', 'Fits your 30 minutes'],
    })),
    weather: w,
    basis: {
      age: 5.5,
      childId: null,
      timeAvailable: 30,
      location: 'both',
      energyLevel: null,
      weather: w.condition,
      afterDark: false,
      evening: false,
      lookAhead: false,
      ...basis,
    },
  };
}

function profileWithTwoChildren(location: 'indoor' | 'outdoor' | 'both' = 'both') {
  const profile = completeProfile();
  const [noa] = profile.familyInfo.children;
  return {
    ...profile,
    familyInfo: {
      ...profile.familyInfo,
      familyName: 'The Parkers',
      timezone: 'UTC',
      children: [noa!, { ...noa!, id: 'child-2', name: 'Leo', age: 7, ageRange: [7, 9] }],
    },
    preferences: {
      ...profile.preferences,
      units: 'imperial' as const,
      defaultFilters: { ...profile.preferences.defaultFilters, location },
    },
  };
}

beforeEach(() => {
  server = installFakeFetch();
  server.on('GET /api/v1/profile', () => jsonResponse(200, profileWithTwoChildren()));
});

const open = (url = '/dashboard') => renderPage(<DashboardPage />, { path: '/dashboard', url });

describe('/dashboard', () => {
  it('greets the family, shows the weather in their units and six recommendations', async () => {
    const sunny = weather({ temperature: 22, description: 'Clear sky' });
    server.on('GET /api/v1/weather', () => jsonResponse(200, sunny));
    server.on('GET /api/v1/recommendations', () => jsonResponse(200, recommendations(sunny)));
    open();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: /^Good (morning|afternoon|evening|night), The Parkers$/,
      }),
    ).toBeVisible();
    const grid = await screen.findByRole('list', { name: 'Recommended activities' });
    expect(within(grid).getAllByRole('article')).toHaveLength(6);
    expect(within(grid).getAllByText('Just right for Noa and Leo')).toHaveLength(6);
    // Read in °C, shown in the family's units (spec §9).
    expect(screen.getByText('72°F')).toBeVisible();
    expect(screen.getByText('Clear sky')).toBeVisible();
    expect(queriesTo(server.fetch, '/api/v1/weather')).toEqual(['?units=metric']);
  });

  it('§9 rain: the recommendations are asked for indoors', async () => {
    const rainy = weather({ condition: 'rainy', description: 'Slight rain' });
    server.on('GET /api/v1/weather', () => jsonResponse(200, rainy));
    server.on('GET /api/v1/recommendations', () => jsonResponse(200, recommendations(rainy)));
    open();
    await screen.findByRole('list', { name: 'Recommended activities' });
    expect(queriesTo(server.fetch, '/api/v1/recommendations')).toEqual([
      '?timeAvailable=30&location=indoor',
    ]);
    // The controls come in their own chunk.
    expect(await screen.findByRole('button', { name: 'Indoor' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('a family whose only child is under one is told activities start at 12 months', async () => {
    const sunny = weather({});
    server.on('GET /api/v1/weather', () => jsonResponse(200, sunny));
    server.on('GET /api/v1/recommendations', () =>
      jsonResponse(200, recommendations(sunny, { age: 1, lookAhead: true })),
    );
    open();
    await screen.findByRole('list', { name: 'Recommended activities' });
    expect(screen.getByText(/Activities start at 12 months/)).toBeVisible();
  });

  describe('at 22:00 under a clear sky (issue 9)', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-01-05T22:00:00.000Z'));
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('greets for the night, does not start at Outdoor, and says why outdoor ideas are gone', async () => {
      const clearNight = weather({
        sunrise: '2026-01-05T06:30:00.000Z',
        sunset: '2026-01-05T16:10:00.000Z',
      });
      server.on('GET /api/v1/weather', () => jsonResponse(200, clearNight));
      server.on('GET /api/v1/recommendations', () =>
        jsonResponse(200, recommendations(clearNight, { afterDark: true, evening: true })),
      );
      open();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Good night, The Parkers' }),
      ).toBeVisible();
      expect(screen.getByText('Here is what you could play this evening.')).toBeVisible();
      await screen.findByRole('list', { name: 'Recommended activities' });
      expect(queriesTo(server.fetch, '/api/v1/recommendations')).toEqual([
        '?timeAvailable=30&location=both',
      ]);
      expect(await screen.findByRole('button', { name: 'Both' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(
        screen.getByText(
          'It is dark outside, so outdoor-only activities are left out. Choose Outdoor to see them.',
        ),
      ).toBeVisible();
    });
  });

  it('the quick controls and the child picker ask again', async () => {
    const cloudy = weather({ condition: 'cloudy' });
    server.on('GET /api/v1/weather', () => jsonResponse(200, cloudy));
    server.on('GET /api/v1/recommendations', () => jsonResponse(200, recommendations(cloudy)));
    open();
    await screen.findByRole('list', { name: 'Recommended activities' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '60 min' }));
    await user.click(screen.getByRole('button', { name: 'High' }));
    await user.click(screen.getByRole('button', { name: 'Outdoor' }));
    await user.click(screen.getByRole('combobox', { name: "Who's playing?" }));
    await user.click(await screen.findByRole('option', { name: 'Leo (7)' }));
    await waitFor(() =>
      expect(queriesTo(server.fetch, '/api/v1/recommendations')).toContain(
        '?timeAvailable=60&location=outdoor&energyLevel=high&childId=child-2',
      ),
    );
  });

  it('a failed weather reading still gives recommendations, with the family preference', async () => {
    server.on('GET /api/v1/weather', () =>
      jsonResponse(400, { detail: 'bad', code: 'VALIDATION_ERROR' }),
    );
    server.on('GET /api/v1/recommendations', () => jsonResponse(200, recommendations(weather())));
    open();
    expect(await screen.findByText('The weather could not be loaded.')).toBeVisible();
    await screen.findByRole('list', { name: 'Recommended activities' });
    expect(queriesTo(server.fetch, '/api/v1/recommendations')).toEqual([
      '?timeAvailable=30&location=both',
    ]);
  });

  it("the family's saved Indoor wins over a clear sky, without showing other choices first", async () => {
    const sunny = weather({ condition: 'sunny' });
    let answerProfile: () => void = () => undefined;
    const profileAnswered = new Promise<void>((resolve) => {
      answerProfile = resolve;
    });
    server.on('GET /api/v1/profile', async () => {
      await profileAnswered;
      return jsonResponse(200, profileWithTwoChildren('indoor'));
    });
    server.on('GET /api/v1/weather', () => jsonResponse(200, sunny));
    server.on('GET /api/v1/recommendations', () => jsonResponse(200, recommendations(sunny)));
    open();
    // While the profile loads, no place is shown as chosen (no flicker from Both or Outdoor).
    expect(await screen.findByLabelText('Loading your choices')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Both' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Outdoor' })).toBeNull();
    answerProfile();
    await screen.findByRole('list', { name: 'Recommended activities' });
    expect(await screen.findByRole('button', { name: 'Indoor' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(queriesTo(server.fetch, '/api/v1/recommendations')).toEqual([
      '?timeAvailable=30&location=indoor',
    ]);
  });

  it('a changed control goes into the URL, and a URL with choices opens with them', async () => {
    const sunny = weather({ condition: 'sunny' });
    server.on('GET /api/v1/profile', () => jsonResponse(200, profileWithTwoChildren('indoor')));
    server.on('GET /api/v1/weather', () => jsonResponse(200, sunny));
    server.on('GET /api/v1/recommendations', () => jsonResponse(200, recommendations(sunny)));
    const first = open();
    await screen.findByRole('list', { name: 'Recommended activities' });
    await userEvent.click(await screen.findByRole('button', { name: 'Outdoor' }));
    await waitFor(() =>
      expect(screen.getByTestId('current-url')).toHaveTextContent('/dashboard?location=outdoor'),
    );
    first.unmount();

    // A reload of that URL: the parent's choice still wins over the saved Indoor.
    open('/dashboard?location=outdoor&timeAvailable=60&energyLevel=wild');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Outdoor' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(screen.getByRole('button', { name: '60 min' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(queriesTo(server.fetch, '/api/v1/recommendations')).toContain(
        '?timeAvailable=60&location=outdoor',
      ),
    );
  });

  it('§8 an unreachable server: the network message with a Retry that asks again', async () => {
    const sunny = weather();
    server.on('GET /api/v1/weather', () => jsonResponse(200, sunny));
    server.on(
      'GET /api/v1/recommendations',
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonResponse(200, recommendations(sunny)),
    );
    open();
    expect(
      await screen.findByText('Network connection failed. Please check your internet connection'),
    ).toBeVisible();
    const section = screen.getByRole('region', { name: 'Recommended for you' });
    expect(within(section).queryByText('Component Error')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Recommended activities' })).toBeVisible();
  });
});

describe('/dashboard with its answers asked at start-up (prefetchDashboard)', () => {
  const rainy = weather({ condition: 'rainy', description: 'Slight rain' });
  beforeEach(() => {
    server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('owner')));
    server.on('GET /api/v1/weather', () => jsonResponse(200, rainy));
    server.on('GET /api/v1/recommendations', () => jsonResponse(200, recommendations(rainy)));
  });

  it("asks the page's own question, and the page shows the answer without asking again", async () => {
    const queryClient = createQueryClient();
    await prefetchDashboard(queryClient, {
      search: '?energyLevel=low',
      sessionRestored: Promise.resolve(),
    });
    // Rain means indoors (spec §9); the parent's choice in the URL is kept.
    expect(queriesTo(server.fetch, '/api/v1/recommendations')).toEqual([
      '?timeAvailable=30&location=indoor&energyLevel=low',
    ]);
    expect(server.requestsTo('GET /api/v1/family')).toHaveLength(1);

    renderPage(<DashboardPage />, {
      path: '/dashboard',
      url: '/dashboard?energyLevel=low',
      queryClient,
    });
    const grid = await screen.findByRole('list', { name: 'Recommended activities' });
    expect(within(grid).getAllByRole('article')).toHaveLength(6);
    expect(server.requestsTo('GET /api/v1/recommendations')).toHaveLength(1);
    expect(server.requestsTo('GET /api/v1/profile')).toHaveLength(1);
    expect(server.requestsTo('GET /api/v1/weather')).toHaveLength(1);
  });

  it('without the weather (its request failed) asks with the saved preference, as the page does', async () => {
    server.on('GET /api/v1/weather', () =>
      jsonResponse(400, { detail: 'No city', code: 'VALIDATION_ERROR' }),
    );
    await prefetchDashboard(createQueryClient(), {
      search: '',
      sessionRestored: Promise.resolve(),
    });
    expect(queriesTo(server.fetch, '/api/v1/recommendations')).toEqual([
      '?timeAvailable=30&location=both',
    ]);
  });

  it('asks nothing when the session could not be restored, and no recommendations without a family', async () => {
    await prefetchDashboard(createQueryClient(), {
      search: '',
      sessionRestored: Promise.reject(new Error('signed out')),
    });
    expect(server.fetch).not.toHaveBeenCalled();

    server.on('GET /api/v1/profile', () =>
      jsonResponse(404, { detail: 'No profile', code: 'DATA_NOT_FOUND' }),
    );
    await prefetchDashboard(createQueryClient(), {
      search: '',
      sessionRestored: Promise.resolve(),
    });
    expect(server.requestsTo('GET /api/v1/profile')).toHaveLength(1);
    expect(server.requestsTo('GET /api/v1/recommendations')).toHaveLength(0);
  });
});
