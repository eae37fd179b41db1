import { expect, test } from '../support/fixtures.ts';

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the top bar fits and the user menu opens fully on screen', async ({
    signedInPage: page,
    account,
  }) => {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'horizontal overflow in px').toBe(0);
    const bar = await page.getByRole('banner').boundingBox();
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(320);

    const userMenu = page.getByRole('button', { name: account.name });
    const avatar = await userMenu.boundingBox();
    expect(avatar!.x + avatar!.width).toBeLessThanOrEqual(320);
    await userMenu.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    const box = await menu.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    await page.screenshot({ path: test.info().outputPath('menu-320.png') });
  });
});
