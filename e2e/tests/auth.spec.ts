import { completeProfile, logIn, newAccount, TEST_PASSWORD } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { recordVisitedPaths } from '../support/navigation.ts';
import { PROVIDER_USER_NAME } from '../support/oauth-provider.ts';
import { linkIn, waitForMail } from '../support/outbox.ts';

test.describe('sign-up, sign-in and sign-out', () => {
  test('§4 registering through the form sends the new family to /setup via /profile-setup', async ({
    page,
  }) => {
    const account = newAccount('Jordan Register');
    await page.goto('/register');
    const visited = recordVisitedPaths(page);

    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/setup$/);
    expect(visited).toContain('/profile-setup');
    expect(visited.indexOf('/profile-setup')).toBeLessThan(visited.lastIndexOf('/setup'));
    await expect(page.getByRole('button', { name: account.name })).toBeVisible();
  });

  test('§2 Logout in the user menu signs out and goes to /login', async ({
    signedInPage: page,
    account,
  }) => {
    await page.getByRole('button', { name: account.name }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email')).toBeVisible();
    // The refresh cookie is gone too: a fresh load of a signed-in page is sent back to /login.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('§2 logging in through the form goes to /dashboard', async ({ page, request, account }) => {
    const tokens = await logIn(request, account);
    await completeProfile(request, tokens.access_token);

    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: account.name })).toBeVisible();
  });

  test('§8 a wrong password is refused with "Invalid email or password"', async ({
    page,
    account,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('Not-The-Password-99');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('password reset', () => {
  test('§1 the mailed link sets a new password; the old one stops working', async ({
    page,
    request,
    account,
    baseURL,
  }) => {
    const tokens = await logIn(request, account);
    await completeProfile(request, tokens.access_token);
    const newPassword = `${TEST_PASSWORD}-renewed`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('sent a link to reset your password');

    const mail = await waitForMail({ to: account.email, subject: 'Reset' });
    await page.goto(linkIn(mail, `${baseURL}/reset-password?token=`));
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed');

    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');

    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('social sign-in', () => {
  for (const provider of ['Google', 'Facebook']) {
    test(`§6 "${provider}" on the login page signs a new family in and sends it to /setup`, async ({
      page,
    }) => {
      await page.goto('/login');
      await page.getByRole('link', { name: new RegExp(provider) }).click();

      await expect(page).toHaveURL(/\/setup$/);
      await expect(page.getByRole('button', { name: PROVIDER_USER_NAME })).toBeVisible();
    });
  }
});
