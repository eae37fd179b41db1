import { expect, test } from '../support/fixtures.ts';

test.describe('when the server cannot be reached', () => {
  // Requests are cut with page.route, which a service worker would bypass.
  test.use({ serviceWorkers: 'block' });

  test('§8 the suggestions say so with a Retry, and the chip follows the failed calls', async ({
    signedInPage: page,
  }) => {
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Online', { exact: true })).toBeVisible();
    await page.route('**/api/v1/recommendations**', (route) => route.abort('connectionrefused'));
    await page.reload();

    const suggestions = page.getByRole('region', { name: 'Recommended for you' });
    await expect(
      suggestions.getByText('Network connection failed. Please check your internet connection'),
    ).toBeVisible();
    await expect(suggestions.getByText('Component Error')).toHaveCount(0);
    await expect(banner.getByRole('button', { name: 'Offline' })).toBeVisible();

    await page.unroute('**/api/v1/recommendations**');
    await suggestions.getByRole('button', { name: 'Retry' }).click();
    await expect(suggestions.getByRole('list', { name: 'Recommended activities' })).toBeVisible();
    await expect(banner.getByText('Online', { exact: true })).toBeVisible();
  });
});
