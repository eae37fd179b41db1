import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

test.describe('browse on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a short list that grows with Load more; the URL keeps how far', async ({
    signedInPage: page,
  }) => {
    await page.goto('/browse');
    const grid = page.getByRole('list', { name: 'Activities' });
    await expect(grid.getByRole('article')).toHaveCount(12);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(6000);
    await page.screenshot({ path: test.info().outputPath('browse-phone.png'), fullPage: true });

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(grid.getByRole('article')).toHaveCount(24);
    await expect(page).toHaveURL(/[?&]page=2/);
    await page.reload();
    await expect(grid.getByRole('article')).toHaveCount(24);
  });
});

test.describe('browse on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('each filter label is clear of its arrow', async ({ signedInPage: page }) => {
    await page.goto('/browse');
    const filters = page.getByRole('search', { name: 'Filter activities' });
    for (const label of ['Youngest age', 'Oldest age', 'Difficulty', 'Category']) {
      const select = filters.getByRole('combobox', { name: label });
      // The label comes first; the outline's notch repeats its text, invisibly.
      const labelBox = await boxOf(filters.getByText(label, { exact: true }).first());
      const arrowBox = await boxOf(
        select.locator('xpath=following-sibling::*[local-name()="svg"]'),
      );
      expect(overlaps(labelBox, arrowBox), `"${label}" runs into its arrow`).toBe(false);
    }
    await page.screenshot({ path: test.info().outputPath('browse-desktop.png') });
  });
});
