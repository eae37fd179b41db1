import { expect, test } from '../support/fixtures.ts';
import { forgetHeldCatalogue } from '../support/offline.ts';

test.describe('when the server cannot be reached', () => {
  // Requests are cut with page.route, which a service worker would bypass.
  test.use({ serviceWorkers: 'block' });

  test('§8 suggestions never loaded say so with a Retry, and the chip follows the failed calls', async ({
    signedInPage: page,
  }) => {
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Online', { exact: true })).toBeVisible();
    await page.route('**/api/v1/recommendations**', (route) => route.abort('connectionrefused'));
    // A device that does not hold the catalogue (a first visit): one that does ranks on its own
    // (issue 30, local-first.spec.ts).
    await page.route('**/api/v1/catalogue**', (route) => route.abort('connectionrefused'));
    await forgetHeldCatalogue(page);
    // Choices never asked before: no suggestions of theirs are cached (issue 12) to show instead.
    await page.goto('/dashboard?timeAvailable=45');

    const suggestions = page.getByRole('region', { name: 'Recommended for you' });
    await expect(
      suggestions.getByText('Network connection failed. Please check your internet connection'),
    ).toBeVisible();
    await expect(suggestions.getByText('Component Error')).toHaveCount(0);
    // The page's other calls answer: the chip follows the last one, the Retry failing again.
    await suggestions.getByRole('button', { name: 'Retry' }).click();
    await expect(banner.getByRole('button', { name: 'Offline' })).toBeVisible();

    await page.unroute('**/api/v1/recommendations**');
    // Retry brings them; so does the app itself as soon as another call gets through (the chip
    // back online asks again), which may come first and take the Retry away mid-click.
    const list = suggestions.getByRole('list', { name: 'Recommended activities' });
    await expect(async () => {
      if (!(await list.isVisible())) {
        await suggestions.getByRole('button', { name: 'Retry' }).click({ timeout: 1_000 });
      }
      await expect(list).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(banner.getByText('Online', { exact: true })).toBeVisible();
  });

  test('suggestions loaded before stay on screen, labelled as the last ones (issue 12)', async ({
    signedInPage: page,
  }) => {
    const suggestions = page.getByRole('region', { name: 'Recommended for you' });
    await expect(suggestions.getByRole('list', { name: 'Recommended activities' })).toBeVisible();
    await page.route('**/api/v1/recommendations**', (route) => route.abort('connectionrefused'));
    await page.reload();

    await expect(suggestions.getByText(/^Your last suggestions, as of/)).toBeVisible();
    await expect(suggestions.getByRole('list', { name: 'Recommended activities' })).toBeVisible();
  });
});
