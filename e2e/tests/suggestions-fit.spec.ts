// Issue 29 on a phone: made-up weather steers nothing, ages the catalogue cannot serve are said
// plainly, and an older child joins as a helper.
import type { TRecommendationsResponse } from '@kkb/core/activities/recommend';
import type { TChildCreateInput, TProfileUpdate } from '@kkb/core/family/schema';
import type { TPlan } from '@kkb/core/planner/schema';
import type { Page } from '@playwright/test';
import { logIn, type TestAccount } from '../support/api.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { PHONE } from '../support/devices.ts';
import { expect as baseExpect, test } from '../support/fixtures.ts';
import { setWeather, unusedPlace } from '../support/weather.ts';
import type { WeatherControl } from '../support/weather-server.ts';

const LOADED_TIMEOUT_MS = 30_000;
const expect = baseExpect.configure({ timeout: LOADED_TIMEOUT_MS });
const WEATHER_WORDS = /weather|sunny|rain|cloud|snow|wind|storm/i;

/** Signs in, gives the family a home of its own where the weather stand-in says `sky`, and children. */
async function setUpFamily(
  page: Page,
  account: TestAccount,
  sky: WeatherControl['condition'],
  children: TChildCreateInput[],
): Promise<void> {
  const { access_token } = await logIn(page.request, account);
  const headers = { Authorization: `Bearer ${access_token}` };
  const place = unusedPlace();
  await setWeather(page.request, { condition: sky, ...place });
  const update: TProfileUpdate = {
    familyInfo: { familyName: 'The Testers', timezone: 'Europe/Berlin' },
    location: { city: 'Berlin', country: 'Germany', lat: place.latitude, lon: place.longitude },
    preferences: { units: 'metric' },
  };
  expect((await page.request.put('/api/v1/profile', { headers, data: update })).status()).toBe(200);
  for (const child of children) {
    const response = await page.request.post('/api/v1/profile/children', { headers, data: child });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** Opens the dashboard and returns the recommendations it showed. */
async function openDashboard(page: Page, account: TestAccount): Promise<TRecommendationsResponse> {
  const answer = page.waitForResponse(
    (response) => response.url().includes('/api/v1/recommendations') && response.status() === 200,
    { timeout: LOADED_TIMEOUT_MS },
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: account.name })).toBeVisible();
  return (await (await answer).json()) as TRecommendationsResponse;
}

const cards = (page: Page) =>
  page.getByRole('list', { name: 'Recommended activities' }).getByRole('article');

test.describe('suggestions that fit (issue 29) on a phone', () => {
  test.use({ viewport: PHONE, serviceWorkers: 'block', actionTimeout: LOADED_TIMEOUT_MS });
  test.slow();

  test('weather service down: the card says the weather is not today’s, the place stays Both, and no card speaks of weather', async ({
    page,
    account,
  }) => {
    await setUpFamily(page, account, 'down', [{ name: 'Mia', age: 6, interests: ['drawing'] }]);
    const shown = await openDashboard(page, account);

    expect(shown.weather.source).toBe('fallback');
    expect(shown.basis).toMatchObject({ weather: null, location: 'both' });
    await expect(
      page.getByText("We couldn't reach the weather service, so this is typical weather"),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /What suits you right now\?/ })).toContainText(
      'Both',
    );
    await expect(cards(page)).toHaveCount(6);
    for (const { reasons } of shown.recommendations) {
      expect(reasons.join(' ')).not.toMatch(WEATHER_WORDS);
    }
    const reasonText = await page.getByRole('list', { name: 'Recommended activities' }).innerText();
    expect(reasonText).not.toMatch(/Good for sunny days|Great outdoors/);
    // The interest setup asked for shows, naming the child.
    await expect(page.getByText('Mia loves drawing').first()).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath('dashboard-fallback-weather.png'),
      fullPage: true,
    });
    await expectNoA11yViolations(page);
  });

  test('a 1- and a 17-year-old: activities for the toddler, Sam helps, and no label claims "ages 1 to 17"', async ({
    page,
    account,
  }) => {
    await setUpFamily(page, account, 'clear', [
      { name: 'Ada', age: 1 },
      { name: 'Sam', age: 17 },
    ]);
    const shown = await openDashboard(page, account);

    expect(shown.basis.age).toBe(1);
    await expect(
      page.getByText('Activities are for ages 0 to 12, so Sam (17) joins in as a helper.'),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(6);
    for (let i = 0; i < 6; i += 1) {
      await expect(cards(page).nth(i)).toContainText('Sam (17) can help');
    }
    const list = await page.getByRole('list', { name: 'Recommended activities' }).innerText();
    expect(list).not.toMatch(/ages 1 to 17|Ada and Sam/);
    for (const { activity } of shown.recommendations) {
      expect(activity.ageRange[0], activity.title).toBeLessThanOrEqual(1);
    }
    await page.screenshot({
      path: test.info().outputPath('dashboard-toddler-and-teen.png'),
      fullPage: true,
    });
    await expectNoA11yViolations(page);
  });

  test('weather service down: the planner says the forecast is unknown and plans for no weather', async ({
    page,
    account,
  }) => {
    await setUpFamily(page, account, 'down', [
      { name: 'Mia', age: 6, preferences: { availableTimeSlots: ['weekend', 'afternoon'] } },
    ]);
    await page.goto('/ai-planner');
    await expect(page.getByRole('heading', { name: 'AI Planner', level: 1 })).toBeVisible();
    const planned = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/planner') && response.status() === 200,
      { timeout: LOADED_TIMEOUT_MS },
    );
    await page.getByRole('button', { name: 'Plan it' }).click();
    const plan = (await (await planned).json()) as TPlan;
    const region = page.getByRole('region', { name: /^Plan for / });
    await expect(region.getByText('Forecast unknown').first()).toBeVisible();
    await expect(
      region.getByText('No forecast for this day yet, so the plan counts on no weather.').first(),
    ).toBeVisible();
    await expect(region.getByText(/22°C|Clear/)).toHaveCount(0);
    const items = plan.days.flatMap((day) => day.items);
    expect(items.length).toBeGreaterThan(0);
    for (const day of plan.days) expect(day.forecast).toMatchObject({ condition: null });
    for (const item of items) expect(item.why).not.toMatch(WEATHER_WORDS);
    await page.screenshot({ path: test.info().outputPath('planner-forecast-unknown.png') });
    await expectNoA11yViolations(page);
  });

  test('a 17-year-old alone is told what the activities cover, not to try more time', async ({
    page,
    account,
  }) => {
    await setUpFamily(page, account, 'clear', [{ name: 'Sam', age: 17 }]);
    const shown = await openDashboard(page, account);

    expect(shown.recommendations).toEqual([]);
    await expect(
      page.getByText('Activities are for ages 0 to 12, so none is made for Sam (17) yet.', {
        exact: false,
      }),
    ).toBeVisible();
    await expect(page.getByText(/Try more time/)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('dashboard-teen-alone.png') });
    await expectNoA11yViolations(page);
  });
});
