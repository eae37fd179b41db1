import { FALLBACK_ACTIVITIES } from '@kkb/core/activities/fallback';
import { makeActivity } from '@kkb/core/activities/test-activity';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { completeProfile } from '../../../test/auth-fixtures';
import { getProfileQueryOptions } from '../../family/api/get-profile';
import { mockViewportWidth, setNavigatorOnline } from '../../../test/browser';
import { deviceCatalogue, holdCatalogue } from '../../../test/held-catalogue';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { BrowsePage, FALLBACK_NOTICE, PHONE_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from './browse-page';
import { queriesTo, renderPage } from './render-page.test-utils';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

function listOf(count: number, total = count) {
  return {
    activities: Array.from({ length: count }, (_, i) => makeActivity({ id: `a-${i}` })),
    total,
    skip: 0,
    limit: 50,
  };
}

describe('/browse', () => {
  // The two retries of a 5xx wait 1 s and 2 s by design, so this needs more than vitest's 5 s on a
  // busy machine (its own wait for the notice allows 10 s).
  it('§8 a failed load shows the five fallback activities with a notice', async () => {
    server.on('GET /api/v1/activities', () =>
      jsonResponse(503, { detail: 'down', code: 'SERVICE_UNAVAILABLE' }),
    );
    renderPage(<BrowsePage />, { path: '/browse', url: '/browse' });
    expect(await screen.findByText(FALLBACK_NOTICE, {}, { timeout: 10_000 })).toBeVisible();
    const grid = screen.getByRole('list', { name: 'Favourite activities' });
    expect(within(grid).getAllByRole('article')).toHaveLength(FALLBACK_ACTIVITIES.length);
    expect(within(grid).getByRole('link', { name: FALLBACK_ACTIVITIES[0]!.title })).toBeVisible();
  }, 20_000);

  it('filters from a shared link are sent and shown; paging says "Page X of Y"', async () => {
    server.on('GET /api/v1/activities', () => jsonResponse(200, listOf(50, 120)));
    renderPage(<BrowsePage />, {
      path: '/browse',
      url: '/browse?category=nature&search=leaf&page=2',
    });
    expect(await screen.findByText('Page 2 of 3')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search activities' })).toHaveValue('leaf');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Nature');
    expect(queriesTo(server.fetch, '/api/v1/activities')).toContain(
      '?category=nature&search=leaf&skip=50',
    );
    expect(screen.getByText('120 activities found')).toBeInTheDocument();
  });

  it('issue 35: adult prep, mess, skill and where are chosen in selects, kept in the URL and sent', async () => {
    server.on('GET /api/v1/activities', () => jsonResponse(200, listOf(3)));
    renderPage(<BrowsePage />, { path: '/browse', url: '/browse?skill=language' });
    await screen.findByText('3 activities found');
    expect(screen.getByRole('combobox', { name: 'Skill' })).toHaveTextContent('Language');
    const user = userEvent.setup();
    const choose = async (select: string, option: string) => {
      await user.click(screen.getByRole('combobox', { name: select }));
      const listbox = await screen.findByRole('listbox');
      expect(within(listbox).getByRole('option', { name: 'Any' })).toBeInTheDocument();
      await user.click(within(listbox).getByRole('option', { name: option }));
    };
    await choose('Adult prep', 'Up to 5 min');
    await choose('Mess', 'No mess');
    await choose('Where', 'Waiting room');
    expect(screen.getByTestId('current-url')).toHaveTextContent(
      '/browse?skill=language&maxPrepMinutes=5&mess=none&setting=waiting-room',
    );
    await waitFor(() =>
      expect(queriesTo(server.fetch, '/api/v1/activities')).toContain(
        '?maxPrepMinutes=5&mess=none&skill=language&setting=waiting-room&skip=0',
      ),
    );
    await choose('Mess', 'Any');
    expect(screen.getByTestId('current-url')).not.toHaveTextContent('mess=');
  });

  it('the search waits for a pause in typing, then goes into the URL', async () => {
    server.on('GET /api/v1/activities', () => jsonResponse(200, listOf(1)));
    renderPage(<BrowsePage />, { path: '/browse', url: '/browse?difficulty=easy' });
    await screen.findByText('1 activity found');
    vi.useFakeTimers();
    const box = screen.getByRole('searchbox', { name: 'Search activities' });
    fireEvent.change(box, { target: { value: 'kit' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(box, { target: { value: 'kite' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(screen.getByTestId('current-url')).toHaveTextContent('/browse?difficulty=easy');
    act(() => vi.advanceTimersByTime(50));
    expect(screen.getByTestId('current-url')).toHaveTextContent(
      '/browse?difficulty=easy&search=kite',
    );
    vi.useRealTimers();
    await screen.findByText('1 activity found');
    expect(queriesTo(server.fetch, '/api/v1/activities')).toContain(
      '?difficulty=easy&search=kite&skip=0',
    );
    expect(queriesTo(server.fetch, '/api/v1/activities')).not.toContain(
      '?difficulty=easy&search=kit&skip=0',
    );
  });

  it("the children's ages filter the list from its first request: every age is never listed first", async () => {
    server.on('GET /api/v1/activities', () => jsonResponse(200, listOf(4)));
    const queryClient = createQueryClient();
    const profile = completeProfile();
    const child = profile.familyInfo.children[0]!;
    profile.familyInfo.children = [
      { ...child, id: 'child-1', age: 7 },
      { ...child, id: 'child-2', age: 3 },
    ];
    queryClient.setQueryData(getProfileQueryOptions().queryKey, profile);
    renderPage(<BrowsePage />, { path: '/browse', url: '/browse', queryClient });
    await screen.findByText('4 activities found');
    expect(screen.getByTestId('current-url')).toHaveTextContent('/browse?ageMin=3&ageMax=7');
    expect(queriesTo(server.fetch, '/api/v1/activities')).toEqual(['?ageMin=3&ageMax=7&skip=0']);
  });

  it('reversed ages are explained and not sent', async () => {
    renderPage(<BrowsePage />, { path: '/browse', url: '/browse?ageMin=9&ageMax=3' });
    expect(
      await screen.findByText('The youngest age must not be above the oldest age.'),
    ).toBeVisible();
    expect(server.requestsTo('GET /api/v1/activities')).toHaveLength(0);
  });

  it('on a phone: a growing list with Load more, the URL holding how far it has grown', async () => {
    mockViewportWidth(390);
    let served = 0;
    server.on('GET /api/v1/activities', () => {
      const activities = Array.from({ length: PHONE_PAGE_SIZE }, () =>
        makeActivity({ id: `a-${served++}` }),
      );
      return jsonResponse(200, { activities, total: 40, skip: 0, limit: PHONE_PAGE_SIZE });
    });
    renderPage(<BrowsePage />, { path: '/browse', url: '/browse?category=nature&page=2' });
    const grid = await screen.findByRole('list', { name: 'Activities' });
    await vi.waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(24));
    expect(queriesTo(server.fetch, '/api/v1/activities')).toEqual([
      '?category=nature&skip=0&limit=12',
      '?category=nature&skip=12&limit=12',
    ]);
    expect(screen.queryByRole('navigation', { name: /pagination/i })).toBeNull();
    expect(screen.getByText('Showing 24 of 40')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 36 of 40')).toBeVisible();
    expect(screen.getByTestId('current-url')).toHaveTextContent('/browse?category=nature&page=3');
  });
});

describe('/browse on a device holding the catalogue (issue 30)', () => {
  const activities = [
    ...Array.from({ length: 30 }, (_, i) =>
      makeActivity({ id: `leaf-${i}`, category: 'nature', tags: ['leaf'] }),
    ),
    ...Array.from({ length: 10 }, (_, i) => makeActivity({ id: `paint-${i}` })),
  ];
  const own = [makeActivity({ id: 'own-leaf-hunt', category: 'nature', tags: ['leaf'] })];
  const holding = () => holdCatalogue(createQueryClient(), deviceCatalogue(activities, own));

  it('filters, searches and pages the held catalogue with core’s rules, asking the server nothing, offline too', async () => {
    setNavigatorOnline(false);
    onlineManager.setOnline(false);
    renderPage(<BrowsePage />, {
      path: '/browse',
      url: '/browse?category=nature&search=leaf',
      queryClient: holding(),
    });
    // The 30 built-in ones and the family's own, 50 a page.
    expect(await screen.findByText('31 activities found')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Activities' })).getAllByRole('article'),
    ).toHaveLength(31);
    expect(server.requestsTo('GET /api/v1/activities')).toHaveLength(0);
  });

  it("filters the held catalogue by issue 35's practical fields, and offers them behind Filters on a phone", async () => {
    mockViewportWidth(390);
    const practical = [
      makeActivity({ id: 'ready', prepMinutes: 0, mess: 'none', settings: ['home', 'car'] }),
      makeActivity({ id: 'dough', prepMinutes: 15, mess: 'some' }),
      makeActivity({ id: 'mud', prepMinutes: 0, mess: 'lots' }),
    ];
    renderPage(<BrowsePage />, {
      path: '/browse',
      url: '/browse?mess=none&maxPrepMinutes=0',
      queryClient: holdCatalogue(createQueryClient(), deviceCatalogue(practical, [])),
    });
    expect(await screen.findByText('1 activity found')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'No adult prep: remove this filter' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'No mess: remove this filter' })).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    for (const name of ['Adult prep', 'Mess', 'Skill', 'Where']) {
      expect(within(sheet).getByRole('combobox', { name })).toBeVisible();
    }
    await user.click(within(sheet).getByRole('combobox', { name: 'Where' }));
    await user.click(await screen.findByRole('option', { name: 'Car' }));
    expect(await screen.findByText('1 activity found')).toBeVisible();
    await user.click(within(sheet).getByRole('combobox', { name: 'Mess' }));
    await user.click(await screen.findByRole('option', { name: 'A little at most' }));
    expect(screen.getByTestId('current-url')).toHaveTextContent(
      '/browse?mess=some&maxPrepMinutes=0&setting=car',
    );
    await user.click(within(sheet).getByRole('combobox', { name: 'Where' }));
    await user.click(await screen.findByRole('option', { name: 'Any' }));
    await user.click(within(sheet).getByRole('combobox', { name: 'Adult prep' }));
    await user.click(await screen.findByRole('option', { name: 'Any' }));
    expect(await screen.findByText('2 activities found')).toBeVisible();
    expect(server.requestsTo('GET /api/v1/activities')).toHaveLength(0);
  });

  it('on a phone, Load more grows the list from the held catalogue at once', async () => {
    mockViewportWidth(390);
    renderPage(<BrowsePage />, { path: '/browse', url: '/browse', queryClient: holding() });
    expect(await screen.findByText('Showing 12 of 41')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 24 of 41')).toBeVisible();
    expect(server.requestsTo('GET /api/v1/activities')).toHaveLength(0);
  });
});
