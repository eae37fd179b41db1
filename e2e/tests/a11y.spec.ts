import type { Page } from '@playwright/test';
import { logIn } from '../support/api.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

type ColorScheme = 'light' | 'dark';

/** A page to check, and what shows once it has drawn its content. */
interface PageCheck {
  path: string;
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

const SIGNED_OUT_PAGES: PageCheck[] = [
  { path: '/login', ready: (page) => page.getByRole('button', { name: 'Sign in' }) },
  { path: '/register', ready: (page) => page.getByRole('button', { name: 'Create account' }) },
  {
    path: '/forgot-password',
    ready: (page) => page.getByRole('button', { name: 'Send reset link' }),
  },
  {
    path: '/reset-password?token=a-token-from-the-mail',
    ready: (page) => page.getByRole('button', { name: 'Set new password' }),
  },
  { path: '/verify-email?token=a-token-from-the-mail', ready: h1 },
  { path: '/firebase-test', ready: h1 },
];

/** Every signed-in page (spec §2); the activity page is reached from the dashboard. */
const SIGNED_IN_PAGES: PageCheck[] = [
  {
    path: '/dashboard',
    ready: (page) => page.getByRole('list', { name: 'Recommended activities' }),
  },
  { path: '/profile', ready: h1 },
  { path: '/browse', ready: (page) => page.getByRole('list', { name: 'Activities' }) },
  { path: '/my-activities', ready: h1 },
  { path: '/notifications', ready: h1 },
  { path: '/notifications/settings', ready: h1 },
  { path: '/ai-planner', ready: h1 },
  { path: '/achievements', ready: h1 },
  { path: '/activity-theater', ready: h1 },
  { path: '/animation-studio', ready: h1 },
  { path: '/circular-activities', ready: h1 },
];

/**
 * Light or dark as a parent gets it: the device's preference, and the app's own setting (MUI
 * keeps it under `mui-mode`), set before the app starts.
 */
function useColorScheme(scheme: ColorScheme): void {
  test.use({ colorScheme: scheme });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((mode) => window.localStorage.setItem('mui-mode', mode), scheme);
  });
}

/** Waits for the page's content and the chosen scheme, then runs axe. */
async function checkPage(page: Page, check: PageCheck, scheme: ColorScheme): Promise<void> {
  await expect(check.ready(page).first()).toBeVisible();
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
  // Skeletons and spinners give way to content before axe looks.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoA11yViolations(page);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (WCAG 2.2 AA, axe), ${scheme} mode`, () => {
    useColorScheme(scheme);

    for (const check of SIGNED_OUT_PAGES) {
      test(`${check.path}`, async ({ page }) => {
        await page.goto(check.path);
        await checkPage(page, check, scheme);
      });
    }

    for (const check of SIGNED_IN_PAGES) {
      test(`${check.path}, signed in`, async ({ signedInPage: page }) => {
        await page.goto(check.path);
        await checkPage(page, check, scheme);
      });
    }

    test('/setup, a new family', async ({ page, account }) => {
      await logIn(page.request, account);
      await page.goto('/setup');
      await checkPage(page, { path: '/setup', ready: h1 }, scheme);
    });

    test('/activity/{id}, signed in', async ({ signedInPage: page }) => {
      const first = page.getByRole('list', { name: 'Recommended activities' }).getByRole('link');
      await first.first().click();
      await expect(page).toHaveURL(/\/activity\//);
      await checkPage(page, { path: '/activity', ready: h1 }, scheme);
    });

    test("browse at phone width, its filters' sheet open", async ({ signedInPage: page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/browse');
      await page.getByRole('button', { name: /^Filters/ }).click();
      await checkPage(
        page,
        { path: '/browse', ready: (p) => p.getByRole('dialog', { name: 'Filters' }) },
        scheme,
      );
    });

    test("the wheel's pick at phone width", async ({ signedInPage: page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/circular-activities');
      await page.getByRole('button', { name: 'Spin the wheel' }).click();
      await checkPage(
        page,
        {
          path: '/circular-activities',
          ready: (p) => p.getByRole('dialog', { name: /^The wheel picked: / }),
        },
        scheme,
      );
    });

    test('the dashboard at phone width, controls open', async ({ signedInPage: page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      // The controls start closed on a phone: the page decides that when it opens.
      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Bottom' })).toBeVisible();
      await page.getByRole('button', { name: /What suits you right now\?/ }).click();
      await checkPage(
        page,
        { path: '/dashboard', ready: (p) => p.getByRole('button', { name: 'Indoor' }) },
        scheme,
      );
    });

    test('the profile at phone width, opened at its push devices', async ({
      signedInPage: page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/profile#devices');
      await checkPage(
        page,
        {
          path: '/profile#devices',
          ready: (p) => p.getByRole('navigation', { name: 'Profile sections' }),
        },
        scheme,
      );
      await expect(
        page.getByRole('heading', { name: 'Devices with push notifications' }),
      ).toBeFocused();
    });

    test('the studio at phone width', async ({ signedInPage: page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/animation-studio');
      await checkPage(
        page,
        { path: '/animation-studio', ready: (p) => p.getByRole('button', { name: 'Add frame' }) },
        scheme,
      );
    });
  });
}
