import { expectNoA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

test.describe('accessibility (WCAG 2.2 AA, axe)', () => {
  test('the login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the registration page', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the forgot-password page', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the reset-password page of a mailed link', async ({ page }) => {
    await page.goto('/reset-password?token=a-token-from-the-mail');
    await expect(page.getByRole('button', { name: 'Set new password' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the page frame on the dashboard', async ({ signedInPage: page }) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the page frame at phone width', async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('navigation', { name: 'Bottom' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
