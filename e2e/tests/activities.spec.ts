import type { TActivityList } from '@kkb/core/activities/query';
import type { TRecommendationsResponse } from '@kkb/core/activities/recommend';
import type { TChildCreateInput, TProfileUpdate } from '@kkb/core/family/schema';
import type { APIRequestContext, Page } from '@playwright/test';
import { logIn, type TestAccount } from '../support/api.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { expect as baseExpect, test } from '../support/fixtures.ts';
import { setWeather, unusedPlace } from '../support/weather.ts';
import type { WeatherConditionName } from '../support/weather-server.ts';

/**
 * The suite shares two cores with the server and the browser (and, on a busy machine, with more):
 * a page's first load may take longer than the default 10 s.
 */
const LOADED_TIMEOUT_MS = 30_000;
const expect = baseExpect.configure({ timeout: LOADED_TIMEOUT_MS });

const CHILDREN: TChildCreateInput[] = [
  { name: 'Mia', age: 4 },
  { name: 'Leo', age: 7 },
];

/**
 * Signs `account` in (the browser keeps the refresh cookie), gives the family two children and a
 * home of its own where the local Open-Meteo reports `sky`, and returns the access token.
 */
async function setUpFamily(
  page: Page,
  account: TestAccount,
  sky: WeatherConditionName = 'clear',
  children: TChildCreateInput[] = CHILDREN,
): Promise<string> {
  const { access_token } = await logIn(page.request, account);
  const headers = { Authorization: `Bearer ${access_token}` };
  const place = unusedPlace();
  await setWeather(page.request, { condition: sky, ...place });
  const update: TProfileUpdate = {
    familyInfo: { familyName: 'The Testers' },
    location: { city: 'Testville', country: 'Testland', lat: place.latitude, lon: place.longitude },
    preferences: { units: 'metric' },
  };
  expect((await page.request.put('/api/v1/profile', { headers, data: update })).status()).toBe(200);
  for (const child of children) {
    const response = await page.request.post('/api/v1/profile/children', { headers, data: child });
    expect(response.status(), await response.text()).toBe(201);
  }
  return access_token;
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Opens the dashboard and returns the recommendations it showed. */
async function openDashboard(page: Page, account: TestAccount): Promise<TRecommendationsResponse> {
  const answer = page.waitForResponse(
    (response) => response.url().includes('/api/v1/recommendations') && response.status() === 200,
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: account.name })).toBeVisible();
  return (await (await answer).json()) as TRecommendationsResponse;
}

const recommendationCards = (page: Page) =>
  page
    .getByRole('list', { name: 'Recommended activities' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('article'),
    });

test.describe('activities', () => {
  // The page's API calls are read with waitForResponse, which a service worker would hide.
  test.use({ serviceWorkers: 'block', actionTimeout: LOADED_TIMEOUT_MS });
  test.slow();

  test('a family with two children sees six activities that suit their ages', async ({
    page,
    account,
  }) => {
    await setUpFamily(page, account);
    const shown = await openDashboard(page, account);

    // Each adult is greeted by their own first name, not the family's (issue 29).
    const firstName = account.name.split(' ')[0];
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: new RegExp(`^Good (morning|afternoon|evening|night), ${firstName}$`),
      }),
    ).toBeVisible();
    await expect(page.getByText('Testville')).toBeVisible();
    await expect(recommendationCards(page)).toHaveCount(6);
    // Spec §9: only activities whose age range includes the average age (4 and 7: 5.5).
    expect(shown.basis.age).toBe(5.5);
    for (const { activity, reasons } of shown.recommendations) {
      expect(activity.ageRange[0]).toBeLessThanOrEqual(5.5);
      expect(activity.ageRange[1]).toBeGreaterThanOrEqual(5.5);
      await expect(page.getByRole('link', { name: activity.title, exact: true })).toBeVisible();
      expect(reasons.length).toBeGreaterThan(0);
    }
    // The age reason names the children (or their whole ages), never the average 5.5.
    const ageReasons = shown.recommendations.flatMap(({ reasons }) =>
      reasons.filter((reason) => reason.startsWith('Just right for')),
    );
    expect(ageReasons.length).toBeGreaterThan(0);
    for (const reason of ageReasons) {
      expect(reason).toMatch(/^Just right for (Mia and Leo|Mia|Leo|ages 4 to 7)$/);
    }
    await expect(page.getByText(ageReasons[0]!).first()).toBeVisible();

    // One child alone: the recommendations follow Leo's age.
    const forLeo = page.waitForResponse(
      (response) => response.url().includes('childId=') && response.status() === 200,
      { timeout: LOADED_TIMEOUT_MS },
    );
    await page.getByRole('combobox', { name: "Who's playing?" }).click();
    await page.getByRole('option', { name: 'Leo (7)' }).click();
    const leo = (await (await forLeo).json()) as TRecommendationsResponse;
    expect(leo.basis.age).toBe(7);
    await expect(page.getByText('Just right for Leo').first()).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('siblings aged 2 and 9 see six suggestions that fit both of them', async ({
    page,
    account,
  }) => {
    await setUpFamily(page, account, 'cloudy', [
      { name: 'Eli', age: 2 },
      { name: 'Noa', age: 9 },
    ]);
    const shown = await openDashboard(page, account);
    await expect(recommendationCards(page)).toHaveCount(6);
    for (const { activity, reasons } of shown.recommendations) {
      expect(activity.ageRange[0], activity.title).toBeLessThanOrEqual(2);
      expect(activity.ageRange[1], activity.title).toBeGreaterThanOrEqual(9);
      expect(reasons.join(' '), activity.title).not.toMatch(/can help|5\.5/);
      await expect(page.getByRole('link', { name: activity.title, exact: true })).toBeVisible();
    }
  });

  test('§9 rainy weather from the weather service: activities played indoors, or rain play', async ({
    page,
    account,
  }) => {
    await setUpFamily(page, account, 'rainy');
    const shown = await openDashboard(page, account);

    expect(shown.weather).toMatchObject({ condition: 'rainy', source: 'open-meteo' });
    expect(shown.basis.location).toBe('indoor');
    await expect(page.getByText('Slight rain')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Indoor', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(recommendationCards(page)).toHaveCount(6);
    // Indoor ones, and those marked 'both' (they can be played inside); nothing outdoor-only.
    // Indoor ones and those marked 'both'; outdoor-only only when it is rain play (puddles).
    for (const { activity } of shown.recommendations) {
      if (activity.location === 'outdoor')
        expect(activity.weather, activity.title).toContain('rainy');
    }
  });

  test('browse: filters and search live in the URL, survive a reload, and page', async ({
    page,
    account,
  }) => {
    const token = await setUpFamily(page, account);
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Activities' })).toBeVisible();

    // The list starts at the children's ages (issue 29): more than one page of the API's size.
    await expect(page).toHaveURL(/[?&]ageMin=4&ageMax=7/);
    const everything = await apiGet<TActivityList>(
      page.request,
      token,
      '/api/v1/activities?ageMin=4&ageMax=7',
    );
    const pages = Math.ceil(everything.total / everything.limit);
    await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();

    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Nature' }).click();
    await expect(page).toHaveURL(/[?&]category=nature/);
    await expect(page).not.toHaveURL(/page=2/);
    await page.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('option', { name: 'Outdoor' }).click();
    await expect(page).toHaveURL(/[?&]location=outdoor/);
    await page.getByRole('searchbox', { name: 'Search activities' }).fill('leaf');
    await expect(page).toHaveURL(/[?&]search=leaf/);

    const expected = await apiGet<TActivityList>(
      page.request,
      token,
      '/api/v1/activities?category=nature&location=outdoor&search=leaf&ageMin=4&ageMax=7',
    );
    expect(expected.total).toBeGreaterThan(0);
    const grid = page.getByRole('list', { name: 'Activities' });
    await expect(grid.getByRole('article')).toHaveCount(expected.total);
    for (const activity of expected.activities) {
      await expect(grid.getByRole('link', { name: activity.title, exact: true })).toBeVisible();
    }

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search activities' })).toHaveValue('leaf');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Nature');
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveText('Outdoor');
    await expect(grid.getByRole('article')).toHaveCount(expected.total);
    await expectNoA11yViolations(page);

    await page.getByRole('searchbox', { name: 'Search activities' }).fill('zzz-nothing-like-this');
    await expect(
      page.getByText('No activities match these filters.', { exact: false }),
    ).toBeVisible();
  });

  test('a favourite is listed in My Activities after a reload; once done it is tried too', async ({
    page,
    account,
  }) => {
    const token = await setUpFamily(page, account);
    await page.goto('/activity/kitchen-volcano-eruption');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Kitchen Volcano Eruption' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible();
    await expectNoA11yViolations(page);

    const favourite = page.getByRole('button', { name: 'Favourite' });
    await expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await favourite.click();
    await expect(favourite).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/my-activities');
    await page.reload();
    const favourites = page.getByRole('list', { name: 'Favourite activities' });
    await expect(
      favourites.getByRole('link', { name: 'Kitchen Volcano Eruption', exact: true }),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Tried' }).click();
    await expect(page.getByText('Nothing tried yet.', { exact: false })).toBeVisible();
    await expectNoA11yViolations(page);

    // Issue 9: done once, it is tried, and still a favourite.
    const done = await page.request.post('/api/v1/activities/kitchen-volcano-eruption/complete', {
      headers: { Authorization: `Bearer ${token}` },
      data: { minutes: 20 },
    });
    expect(done.status(), await done.text()).toBe(200);
    await page.goto('/activity/kitchen-volcano-eruption');
    await expect(page.getByRole('button', { name: 'Favourite', pressed: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tried', pressed: true })).toBeEnabled();
    await page.goto('/my-activities?tab=tried');
    await expect(
      page
        .getByRole('list', { name: 'Tried activities' })
        .getByRole('link', { name: 'Kitchen Volcano Eruption', exact: true }),
    ).toBeVisible();
  });

  test("the family's own activity appears in browse; it can be edited and deleted", async ({
    page,
    account,
  }) => {
    await setUpFamily(page, account);
    await page.goto('/my-activities?tab=own');
    await page.getByRole('button', { name: 'New activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'New activity' });
    await dialog.getByRole('button', { name: 'Create activity' }).click();
    await expect(dialog.getByText('This is required').first()).toBeVisible();
    await expectNoA11yViolations(page);

    await dialog.getByRole('textbox', { name: 'Title' }).fill('Pirate Treasure Map');
    await dialog
      .getByRole('textbox', { name: 'Description' })
      .fill('Draw a map of the flat and hide a treasure for the others to find.');
    await dialog
      .getByRole('textbox', { name: 'Instructions' })
      .fill('Draw the map\nHide the treasure\n\nSwap and search');
    await dialog.getByRole('button', { name: 'Create activity' }).click();
    await expect(dialog).toBeHidden();
    const own = page.getByRole('list', { name: 'Our activities' });
    await expect(own.getByRole('link', { name: 'Pirate Treasure Map', exact: true })).toBeVisible();
    // Without a picture chosen, it shows its category's (issue 29).
    await expect(own.getByRole('img', { name: "A painter's palette" })).toBeVisible();

    await page.goto('/browse?search=pirate');
    await page.getByRole('link', { name: 'Pirate Treasure Map', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Pirate Treasure Map' }),
    ).toBeVisible();
    const steps = page.getByRole('list').filter({ hasText: 'Hide the treasure' });
    await expect(steps.getByRole('listitem')).toHaveText([
      'Draw the map',
      'Hide the treasure',
      'Swap and search',
    ]);

    await page.goto('/my-activities?tab=own');
    await page.getByRole('button', { name: 'Edit Pirate Treasure Map' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit activity' });
    await edit.getByRole('textbox', { name: 'Title' }).fill('Pirate Treasure Hunt');
    await edit.getByRole('combobox', { name: 'Picture' }).click();
    await page.getByRole('option', { name: 'A treasure chest' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      own.getByRole('link', { name: 'Pirate Treasure Hunt', exact: true }),
    ).toBeVisible();
    await expect(own.getByRole('img', { name: 'A treasure chest' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Pirate Treasure Hunt' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this activity?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText("Your family's own games", { exact: false })).toBeVisible();
  });

  test('an unknown activity shows "Activity not found" with a way back', async ({
    page,
    account,
  }) => {
    await setUpFamily(page, account);
    await page.goto('/activity/no-such-activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity not found' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Browse activities' }).click();
    await expect(page).toHaveURL(/\/browse$/);
  });

  test('the dashboard at phone width passes axe', async ({ page, account }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await setUpFamily(page, account);
    await openDashboard(page, account);
    await expect(recommendationCards(page)).toHaveCount(6);
    await expectNoA11yViolations(page);
  });
});
