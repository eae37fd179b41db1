import type { TRecommendationsResponse } from '@kkb/core/activities/recommend';
import { makeActivity } from '@kkb/core/activities/test-activity';
import type { TWeather } from '@kkb/core/weather/schema';
import { fixedTelAvivWeather } from '@kkb/core/weather/weather';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { goOnline, setNavigatorOnline } from '../../../test/browser';
import { completeProfile, familyWith } from '../../../test/auth-fixtures';
import { deviceCatalogue, holdCatalogue } from '../../../test/held-catalogue';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { getRecommendationsQueryOptions, useRecommendations } from '../api/get-recommendations';
import { prefetchDashboard } from '../api/prefetch-dashboard';
import { getRecentPlayQueryOptions } from '../../achievements/api/get-recent-play';
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
      ageCoverage: { youngest: 1, oldest: 12 },
      helperIds: [],
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
  it('greets the member by their own first name, shows the weather in the family’s units and six recommendations', async () => {
    const sunny = weather({ temperature: 22, description: 'Clear sky' });
    server.on('GET /api/v1/weather', () => jsonResponse(200, sunny));
    server.on('GET /api/v1/recommendations', () => jsonResponse(200, recommendations(sunny)));
    open();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        // The profile's displayName is the signed-in member's own ('Dana Parent'; issue 29).
        name: /^Good (morning|afternoon|evening|night), Dana$/,
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

  it("fallback weather picks no place: the request and the summary stay at Both, and the card says it is not today's (issue 29)", async () => {
    const typical = weather({ source: 'fallback', condition: 'sunny', description: 'Clear' });
    server.on('GET /api/v1/weather', () => jsonResponse(200, typical));
    server.on('GET /api/v1/recommendations', () =>
      jsonResponse(200, recommendations(typical, { weather: null })),
    );
    open();
    await screen.findByRole('list', { name: 'Recommended activities' });
    expect(queriesTo(server.fetch, '/api/v1/recommendations')).toEqual([
      '?timeAvailable=30&location=both',
    ]);
    expect(screen.getByText(/typical weather, not today's/)).toBeVisible();
  });

  it('a teenager alone is told what the activities cover, not to try more time (issue 29)', async () => {
    const profile = profileWithTwoChildren();
    const [noa] = profile.familyInfo.children;
    const sam = {
      ...noa!,
      id: 'sam',
      name: 'Sam',
      age: 17,
      ageRange: [17, 19] as [number, number],
    };
    server.on('GET /api/v1/profile', () =>
      jsonResponse(200, { ...profile, familyInfo: { ...profile.familyInfo, children: [sam] } }),
    );
    const sunny = weather({});
    server.on('GET /api/v1/weather', () => jsonResponse(200, sunny));
    server.on('GET /api/v1/recommendations', () =>
      jsonResponse(200, {
        ...recommendations(sunny, { age: null, helperIds: ['sam'] }),
        recommendations: [],
      }),
    );
    open();
    expect(
      await screen.findByText(
        /Activities are for ages 1 to 12, so none is made for Sam \(17\) yet/,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Try more time/)).toBeNull();
  });

  it('an older child with a younger one: the page says they join in as a helper (issue 29)', async () => {
    const profile = profileWithTwoChildren();
    const [noa] = profile.familyInfo.children;
    const sam = {
      ...noa!,
      id: 'sam',
      name: 'Sam',
      age: 17,
      ageRange: [17, 19] as [number, number],
    };
    server.on('GET /api/v1/profile', () =>
      jsonResponse(200, {
        ...profile,
        familyInfo: { ...profile.familyInfo, children: [noa!, sam] },
      }),
    );
    const sunny = weather({});
    server.on('GET /api/v1/weather', () => jsonResponse(200, sunny));
    server.on('GET /api/v1/recommendations', () =>
      jsonResponse(200, recommendations(sunny, { age: 5, helperIds: ['sam'] })),
    );
    open();
    await screen.findByRole('list', { name: 'Recommended activities' });
    expect(
      screen.getByText('Activities are for ages 1 to 12, so Sam (17) joins in as a helper.'),
    ).toBeVisible();
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
        await screen.findByRole('heading', { level: 1, name: 'Good night, Dana' }),
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

  it('"Right now" goes into the URL and the request, and the summary line says it (issue 35)', async () => {
    const cloudy = weather({ condition: 'cloudy' });
    server.on('GET /api/v1/weather', () => jsonResponse(200, cloudy));
    server.on('GET /api/v1/recommendations', () => jsonResponse(200, recommendations(cloudy)));
    const first = open();
    await screen.findByRole('list', { name: 'Recommended activities' });
    const toggle = await screen.findByRole('switch', { name: /^Right now/ });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('30 min · Both · any energy · Everyone')).toBeVisible();
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByTestId('current-url')).toHaveTextContent('/dashboard?rightNow=true'),
    );
    expect(screen.getByText('30 min · Both · any energy · Everyone · Right now')).toBeVisible();
    await waitFor(() =>
      expect(queriesTo(server.fetch, '/api/v1/recommendations')).toContain(
        '?timeAvailable=30&location=both&rightNow=true',
      ),
    );
    first.unmount();

    // A reload keeps it; turning it off takes it out of the URL.
    open('/dashboard?rightNow=true');
    const again = await screen.findByRole('switch', { name: /^Right now/ });
    expect(again).toBeChecked();
    await userEvent.click(again);
    await waitFor(() =>
      expect(screen.getByTestId('current-url')).toHaveTextContent(/^\/dashboard$/),
    );
  });

  it('with "Right now" on and nothing that fits, the message says to turn it off', async () => {
    const cloudy = weather({ condition: 'cloudy' });
    server.on('GET /api/v1/weather', () => jsonResponse(200, cloudy));
    server.on('GET /api/v1/recommendations', () =>
      jsonResponse(200, { ...recommendations(cloudy), recommendations: [] }),
    );
    open('/dashboard?rightNow=true');
    expect(await screen.findByText(/Nothing fits these choices yet/)).toHaveTextContent(
      'Or turn off Right now to see activities that need a little prep or mess.',
    );
  });

  it('offline, other choices keep the last suggestions, dated by when they came (it once said Jan 1, 1970)', async () => {
    const sunny = weather();
    server.on('GET /api/v1/weather', () => jsonResponse(200, sunny));
    server.on('GET /api/v1/recommendations', () => jsonResponse(200, recommendations(sunny)));
    const fetchedAfter = Date.now();
    open();
    await screen.findByRole('list', { name: 'Recommended activities' });
    const section = screen.getByRole('region', { name: 'Recommended for you' });
    expect(within(section).queryByText(/as of/)).toBeNull();

    goOnline(false);
    await userEvent.click(await screen.findByRole('button', { name: '60 min' }));
    const notice = await within(section).findByText(/^Your last suggestions, as of /);
    expect(notice).toHaveTextContent('They were made for other choices.');
    const fetchedAt = Date.parse(notice.querySelector('time')?.getAttribute('datetime') ?? '');
    expect(fetchedAt).toBeGreaterThanOrEqual(fetchedAfter);
    expect(within(section).getByRole('list', { name: 'Recommended activities' })).toBeVisible();
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

describe('/dashboard on a device holding the catalogue (issue 30: the device answers first)', () => {
  const cloudy = weather({ condition: 'cloudy', description: 'Overcast' });
  const CATEGORY_IDS = ['creative-arts', 'physical-activity', 'educational', 'nature', 'social'];
  const activities = Array.from({ length: 20 }, (_, i) =>
    makeActivity({
      id: `held-${i}`,
      title: `Held idea ${i}`,
      category: CATEGORY_IDS[i % CATEGORY_IDS.length],
      duration: [10, 15, 30, 45][i % 4],
      location: i % 3 === 0 ? 'outdoor' : 'indoor',
      ageRange: [3, 9],
    }),
  );
  const holdingTheCatalogue = () => holdCatalogue(createQueryClient(), deviceCatalogue(activities));

  /** A request that waits until the test answers it. */
  function waitingAnswer() {
    let answer: (response: Response) => void = () => undefined;
    const response = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    return { respond: () => response, answer };
  }

  beforeEach(() => {
    server.on('GET /api/v1/weather', () => jsonResponse(200, cloudy));
    server.on('GET /api/v1/user-activities', () =>
      jsonResponse(200, { userActivities: [], total: 0, skip: 0, limit: 100 }),
    );
  });

  it("shows the device's six at once, asks the server for the compact form, and takes its answer joined with the held activities", async () => {
    const server6 = waitingAnswer();
    server.on('GET /api/v1/recommendations', server6.respond);
    renderPage(<DashboardPage />, {
      path: '/dashboard',
      url: '/dashboard',
      queryClient: holdingTheCatalogue(),
    });
    const grid = await screen.findByRole('list', { name: 'Recommended activities' });
    expect(within(grid).getAllByRole('article')).toHaveLength(6);
    expect(within(grid).getAllByText(/^Held idea/)).toHaveLength(6);
    await waitFor(() =>
      expect(queriesTo(server.fetch, '/api/v1/recommendations')).toEqual([
        '?timeAvailable=30&location=both&view=compact',
      ]),
    );

    const { recommendations: full, ...rest } = recommendations(cloudy);
    server6.answer(
      jsonResponse(200, {
        ...rest,
        recommendations: full.map((r, i) => ({
          activityId: `held-${19 - i}`,
          score: r.score,
          reasons: ['The server confirms it'],
        })),
      }),
    );
    expect(await within(grid).findAllByText('The server confirms it')).toHaveLength(6);
    expect(within(grid).getByText('Held idea 19')).toBeVisible();
  });

  it("a server answer that says what the device said keeps the device's answer: the cards are not drawn again", async () => {
    const server6 = waitingAnswer();
    server.on('GET /api/v1/recommendations', server6.respond);
    const answers: (TRecommendationsResponse | undefined)[] = [];
    const params = { timeAvailable: 30, location: 'both' } as const;
    function Probe() {
      const { data } = useRecommendations(params);
      if (answers.at(-1) !== data) answers.push(data);
      return null;
    }
    const queryClient = holdingTheCatalogue();
    renderPage(<Probe />, { path: '/probe', url: '/probe', queryClient });
    await waitFor(() => expect(answers.at(-1)).toBeDefined());
    await waitFor(() => expect(queriesTo(server.fetch, '/api/v1/recommendations')).toHaveLength(1));
    const fromDevice = answers.at(-1);
    if (fromDevice === undefined) throw new Error('the device ranked nothing');

    const { recommendations: list, weather: shownWeather, basis } = fromDevice;
    server6.answer(
      jsonResponse(200, {
        // The server writes its keys in an order of its own.
        basis: Object.fromEntries(Object.entries(basis).reverse()),
        weather: shownWeather,
        recommendations: list.map(({ activity, score, reasons }) => ({
          reasons,
          score,
          activityId: activity.id,
        })),
      }),
    );
    await waitFor(() =>
      expect(
        queryClient.getQueryData(getRecommendationsQueryOptions(params).queryKey),
      ).toBeDefined(),
    );
    // The page has rendered with the server's answer in the cache.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers.filter((answer) => answer !== undefined)).toEqual([fromDevice]);
    expect(answers.at(-1)).toBe(fromDevice);
  });

  it('a changed choice shows new suggestions at once, never a loading grid, while the server is asked', async () => {
    server.on('GET /api/v1/recommendations', () => new Promise<Response>(() => undefined));
    renderPage(<DashboardPage />, {
      path: '/dashboard',
      url: '/dashboard',
      queryClient: holdingTheCatalogue(),
    });
    await screen.findByRole('list', { name: 'Recommended activities' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '15 min' }));
    await user.click(screen.getByRole('button', { name: 'Indoor' }));
    const grid = await screen.findByRole('list', { name: 'Recommended activities' });
    await waitFor(() =>
      expect(within(grid).getAllByText('Fits your 15 minutes')).not.toHaveLength(0),
    );
    expect(screen.queryByRole('list', { name: 'Loading' })).toBeNull();
    expect(queriesTo(server.fetch, '/api/v1/recommendations')).toContain(
      '?timeAvailable=15&location=indoor&view=compact',
    );
  });

  it('"Right now" on the device: its own ranking keeps only activities with no prep and no mess', async () => {
    setNavigatorOnline(false);
    onlineManager.setOnline(false);
    const ready = new Set([
      'held-1',
      'held-4',
      'held-7',
      'held-10',
      'held-13',
      'held-16',
      'held-19',
    ]);
    const practical = activities.map((activity) =>
      ready.has(activity.id) ? activity : { ...activity, prepMinutes: 10, mess: 'some' as const },
    );
    const queryClient = holdCatalogue(createQueryClient(), deviceCatalogue(practical));
    queryClient.setQueryData(['family', 'profile'], profileWithTwoChildren());
    renderPage(<DashboardPage />, {
      path: '/dashboard',
      url: '/dashboard?rightNow=true',
      queryClient,
    });
    const grid = await screen.findByRole('list', { name: 'Recommended activities' });
    const titles = within(grid)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(titles).toHaveLength(6);
    for (const title of titles) {
      expect(ready).toContain(`held-${title?.replace('Held idea ', '')}`);
    }
  });

  it('offline, on a dashboard never opened: the device ranks from the profile it holds, with no notice of old suggestions', async () => {
    setNavigatorOnline(false);
    onlineManager.setOnline(false);
    const queryClient = holdingTheCatalogue();
    // What the device kept of the family (the sign-in loaded it); nothing of the dashboard's own.
    queryClient.setQueryData(['family', 'profile'], profileWithTwoChildren());
    renderPage(<DashboardPage />, { path: '/dashboard', url: '/dashboard', queryClient });
    const grid = await screen.findByRole('list', { name: 'Recommended activities' });
    expect(within(grid).getAllByRole('article')).toHaveLength(6);
    expect(screen.queryByText(/^Your last suggestions/)).toBeNull();
    expect(server.requestsTo('GET /api/v1/recommendations')).toHaveLength(0);
  });

  it("offline, the device weighs the week's play it keeps: a child who played only creative things is offered language play (issue 35)", async () => {
    setNavigatorOnline(false);
    onlineManager.setOnline(false);
    const mixed = activities.map((activity, i) =>
      i % 2 === 1 ? { ...activity, skills: ['language' as const] } : activity,
    );
    const queryClient = holdCatalogue(createQueryClient(), deviceCatalogue(mixed));
    queryClient.setQueryData(['family', 'profile'], profileWithTwoChildren());
    const now = Date.now();
    queryClient.setQueryData(getRecentPlayQueryOptions().queryKey, {
      since: new Date(now - 7 * 24 * 60 * 60_000).toISOString(),
      completions: [1, 2, 3].map((days) => ({
        activityId: 'held-0',
        completedAt: new Date(now - days * 24 * 60 * 60_000).toISOString(),
        childIds: ['child-2'],
      })),
    });
    renderPage(<DashboardPage />, { path: '/dashboard', url: '/dashboard', queryClient });
    const grid = await screen.findByRole('list', { name: 'Recommended activities' });
    expect(
      within(grid).getAllByText("Leo hasn't done much language play this week"),
    ).not.toHaveLength(0);
  });
});
