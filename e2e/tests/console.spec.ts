import { expect, test } from '../support/fixtures.ts';

/** Pages a signed-out visitor opens; /dashboard sends them on to /login. */
const SIGNED_OUT_PATHS = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=a-token-from-the-mail',
  '/firebase-test',
  '/dashboard',
];

test.describe('a signed-out visitor', () => {
  for (const path of SIGNED_OUT_PATHS) {
    test(`${path} logs no console error, breaks no CSP rule and does not ask /auth/refresh`, async ({
      page,
    }) => {
      // A refused `eval` that the code catches (zod's probe) logs nothing but is still a violation.
      await page.addInitScript(() => {
        const violations: string[] = [];
        Object.assign(window, { cspViolations: violations });
        document.addEventListener('securitypolicyviolation', (event) => {
          violations.push(`${event.violatedDirective} in ${event.sourceFile}`);
        });
      });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const refreshes: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/auth/refresh')) refreshes.push(request.url());
      });

      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      expect(
        await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations),
      ).toEqual([]);
      expect(refreshes).toEqual([]);
    });
  }

  test('after Logout, a reload stays signed out without asking /auth/refresh', async ({
    signedInPage: page,
    account,
  }) => {
    await page.getByRole('button', { name: account.name }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/auth/refresh')) refreshes.push(request.url());
    });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(refreshes).toEqual([]);
  });
});
