import { expect, test } from '../support/fixtures.ts';

test.describe('route guards', () => {
  test('§6 an anonymous visitor of /dashboard is sent to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  for (const path of ['/login', '/', '/register']) {
    test(`§2 a signed-in parent on ${path} is sent to /dashboard`, async ({
      signedInPage: page,
    }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }
});

test.describe('redirects', () => {
  const signedInRedirects = [
    ['/home', '/dashboard'],
    ['/profile-setup', '/setup'],
    ['/activities', '/browse'],
  ] as const;
  for (const [from, to] of signedInRedirects) {
    test(`§2 ${from} goes to ${to}`, async ({ signedInPage: page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    });
  }

  test('§2 an unknown path goes to /', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel('Email')).toBeVisible();
  });
});
