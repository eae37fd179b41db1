import { completeProfile, logIn } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';

/** The chunk that starts the app (app/start.tsx), held back to stand for a slow connection. */
const APP_START = /\/assets\/start-[^/]+\.js$/;

test.describe('the prerendered sign-in page', () => {
  test('paints the form before the scripts arrive; what was typed and sent meanwhile signs in', async ({
    page,
    request,
    account,
  }) => {
    const tokens = await logIn(request, account);
    await completeProfile(request, tokens.access_token);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let appRequested = false;
    await page.route(APP_START, async (route) => {
      appRequested = true;
      await held;
      await route.continue();
    });

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Not sent natively: the password never appears in the address.
    await expect(page).toHaveURL(/\/login$/);
    expect(appRequested).toBe(true);

    release();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: account.name })).toBeVisible();
  });

  test('is adopted by the app without being drawn again', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/login');
    const heading = page.getByRole('heading', { name: 'Welcome back' });
    await heading.evaluate((element) => element.setAttribute('data-prerendered', ''));
    // Sent before or after the app has started, the form is checked by the app's rules.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('Purple-Kite-Meadow-42');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/^Invalid email format: not-an-email/)).toBeVisible();
    await expect(heading).toHaveAttribute('data-prerendered', '');
    expect(errors).toEqual([]);
  });
});

/** zod and its chunks: schema code, which neither first route needs (DESIGN "Budgets"). */
const SCHEMA_CODE = /\/assets\/zod-[^/]+\.js$/;

test.describe('the first routes', () => {
  test('load no schema code: the sign-in form fetches it when the parent reaches a field, the dashboard not before it has settled', async ({
    page,
    account,
  }) => {
    const schemaRequests: string[] = [];
    // Once the page has settled, the live event stream opens, the catalogue the device keeps is
    // asked for and the pages kept offline are fetched (issue 30): the device's ranking and the
    // kept pages' chunk bring the schemas that check their answers, after the first paint.
    let settled = false;
    page.on('request', (request) => {
      if (/\/api\/v1\/(events|catalogue)|\/assets\/prefetch-kept-pages-/.test(request.url())) {
        settled = true;
      }
      if (!settled && SCHEMA_CODE.test(request.url())) schemaRequests.push(request.url());
    });

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(schemaRequests).toEqual([]);
    await page.getByLabel('Email').focus();
    await expect.poll(() => schemaRequests.length).toBeGreaterThan(0);

    schemaRequests.length = 0;
    settled = false;
    const tokens = await logIn(page.request, account);
    await completeProfile(page.request, tokens.access_token);
    // The live event stream is the last thing a signed-in page opens on its own: 3 s after the
    // page's last request. On a loaded machine, with the service worker fetching the whole app at
    // the same time, that took longer than the default 10 s.
    const liveEvents = page.waitForRequest('**/api/v1/events', { timeout: 30_000 });
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: account.name })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recommended activities' })).toBeVisible();
    await liveEvents;
    await page.waitForLoadState('load');
    expect(schemaRequests).toEqual([]);
  });
});
