import { expect as baseExpect, test } from '../support/fixtures.ts';

/** The catalogue's first page can take this long to arrive on a busy machine. */
const LOADED_TIMEOUT_MS = 30_000;
const expect = baseExpect.configure({ timeout: LOADED_TIMEOUT_MS });

test.describe("the activity page's back link", () => {
  test.use({ actionTimeout: LOADED_TIMEOUT_MS });
  test.slow();

  test('returns to browse with its filters', async ({ signedInPage: page }) => {
    await page.goto('/browse?location=indoor');
    const list = page.getByRole('list', { name: 'Activities' });
    await expect(list.getByRole('article').first()).toBeVisible();
    // Browse adds the children's ages to the filters it opens with (issue 29): all of them come back.
    const browseUrl = page.url();
    expect(browseUrl).toMatch(/\/browse\?location=indoor(&|$)/);
    await list.getByRole('article').first().getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/activity\//);
    await page.getByRole('link', { name: 'All activities' }).click();
    await expect(page).toHaveURL(browseUrl);
  });

  test('returns to the dashboard it was opened from', async ({ signedInPage: page }) => {
    const list = page.getByRole('list', { name: 'Recommended activities' });
    await list.getByRole('article').first().getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/activity\//);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
