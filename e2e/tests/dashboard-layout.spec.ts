import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

const PHONE = { width: 390, height: 844 };

const firstRecommendation = (page: Page) =>
  page.getByRole('list', { name: 'Recommended activities' }).getByRole('article').first();

test.describe('the dashboard on a phone', () => {
  test.use({ viewport: PHONE });

  test('the first recommendation starts on the first screen', async ({ signedInPage: page }) => {
    const card = firstRecommendation(page);
    await expect(card).toBeVisible();
    const box = await card.boundingBox();
    expect(box, 'the first recommendation has a position').not.toBeNull();
    expect(box!.y).toBeLessThan(PHONE.height);
    await page.screenshot({ path: test.info().outputPath('dashboard-phone.png') });
  });

  test("the page's styles come compiled in its HTML: its first render compiles none of its own", async ({
    signedInPage: page,
  }) => {
    await expect(firstRecommendation(page)).toBeVisible();
    const { used, compiled } = await page.evaluate(() => {
      // Emotion's class of an element is `css-<id>`; the compiled style tags list their ids.
      const ids = (element: Element) =>
        Array.from(element.classList)
          .filter((c) => /^css-[a-z0-9]+$/.test(c))
          .map((c) => c.slice(4));
      return {
        used: [...new Set(Array.from(document.querySelectorAll('#root *')).flatMap(ids))],
        compiled: Array.from(document.querySelectorAll('style[data-emotion]')).flatMap((tag) =>
          (tag.getAttribute('data-emotion') ?? '').split(' ').slice(1),
        ),
      };
    });
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((id) => !compiled.includes(id))).toEqual([]);
  });

  test('the controls sit behind a summary line that opens them', async ({ signedInPage: page }) => {
    const summary = page.getByRole('button', { name: /What suits you right now\?/ });
    await expect(summary).toHaveAttribute('aria-expanded', 'false');
    await expect(summary).toContainText('30 min');
    await expect(page.getByRole('button', { name: '60 min' })).toBeHidden();
    await summary.click();
    await page.getByRole('button', { name: '60 min' }).click();
    await expect(summary).toContainText('60 min');
    // The streak is on the page as a chip above the suggestions (issue 29).
    await expect(page.getByRole('main').getByRole('link', { name: /streak/i })).toBeVisible();
  });
});
