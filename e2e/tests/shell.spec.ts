import { expect, test } from '../support/fixtures.ts';

/** Spec §2, in its order. */
const BOTTOM_NAV_LABELS = [
  'Home',
  'Activities',
  'My Activities',
  'Theater',
  'Animation',
  'Profile',
];

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('§2 the bottom navigation shows its six items', async ({ signedInPage: page }) => {
    const bottomNav = page.getByRole('navigation', { name: 'Bottom' });
    await expect(bottomNav).toBeVisible();
    await expect(bottomNav.getByRole('link')).toHaveText(BOTTOM_NAV_LABELS);

    // The bottom navigation leads there on a phone; the top bar keeps its room.
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'My Activities' }),
    ).toBeHidden();
    await bottomNav.getByRole('link', { name: 'My Activities' }).click();
    await expect(page).toHaveURL(/\/my-activities$/);
  });
});

test.describe('at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('§9 there is no bottom navigation from the md breakpoint up', async ({
    signedInPage: page,
  }) => {
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Bottom' })).toHaveCount(0);
  });

  test('§2 the top bar links, chip and user menu', async ({ signedInPage: page, account }) => {
    const topBar = page.getByRole('banner');
    await expect(topBar.getByRole('link', { name: 'AI Plan' })).toHaveAttribute(
      'href',
      '/ai-planner',
    );
    await expect(topBar.getByRole('link', { name: 'Activities', exact: true })).toHaveAttribute(
      'href',
      '/activities',
    );
    // Favourites, tried and the family's own activities are reachable without a bottom navigation.
    await expect(topBar.getByRole('link', { name: 'My Activities' })).toHaveAttribute(
      'href',
      '/my-activities',
    );
    await expect(topBar.getByRole('link', { name: /^Notifications/ })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await expect(topBar.getByText('Online', { exact: true })).toBeVisible();

    const userMenu = topBar.getByRole('button', { name: account.name });
    await expect(userMenu).toContainText(account.name.charAt(0));
    await userMenu.click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Dashboard',
      'Profile Settings',
      'Logout',
    ]);
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await topBar.getByRole('link', { name: 'My Activities' }).click();
    await expect(page).toHaveURL(/\/my-activities$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('§2 the chip and banners follow the connection', async ({ signedInPage: page, context }) => {
    // Offline before the page's lazy chunks have arrived would test a failed chunk load instead.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    const chip = page.getByRole('button', { name: 'Offline' });
    await expect(chip).toBeVisible();
    await expect(page.getByText("You're offline")).toBeVisible();

    await chip.click();
    const details = page.getByRole('dialog', { name: 'Connection details' });
    await expect(details).toContainText('Last online');
    await expect(details).toContainText("Will sync when you're back online");
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await expect(page.getByRole('banner').getByText('Online', { exact: true })).toBeVisible();
    await expect(page.getByText("You're back online!")).toBeVisible();
  });
});
