import type { TActivityList } from '@kkb/core/activities/query';
import type { TActivity } from '@kkb/core/activities/schema';
import type { APIRequestContext, Page } from '@playwright/test';
import { logIn, type TestAccount } from '../support/api.ts';
import AxeBuilder from '@axe-core/playwright';
import { expectNoA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * axe on one part of the page (the celebration), so that what lies behind the modal (the
 * activities feature's page, checked by its own tests) does not decide this test. The tags are
 * the shared helper's WCAG 2.2 AA set.
 */
async function expectNoA11yViolationsIn(page: Page, selector: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const found = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`);
  expect(found, `axe found violations in ${selector}`).toEqual([]);
}

/** The first activity of the catalogue, read through the API. */
async function firstActivity(request: APIRequestContext, account: TestAccount): Promise<TActivity> {
  const { access_token } = await logIn(request, account);
  const response = await request.get('/api/v1/activities', {
    headers: { Authorization: `Bearer ${access_token}` },
    params: { limit: 1 },
  });
  expect(response.status(), await response.text()).toBe(200);
  const [activity] = ((await response.json()) as TActivityList).activities;
  if (activity === undefined) throw new Error('The catalogue has no activity');
  return activity;
}

/**
 * Opens the activity's page and saves 'Mark as done'. The minutes come prefilled with the
 * activity's duration; 20 are saved, under the hour of 'Quality Time', so that only 'First Steps'
 * unlocks.
 */
async function markDone(page: Page, activity: TActivity): Promise<void> {
  await page.goto(`/activity/${activity.id}`);
  await page.getByRole('button', { name: 'Mark as done' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as done' });
  const minutes = dialog.getByRole('spinbutton', { name: 'Minutes' });
  await expect(minutes).toHaveValue(String(activity.duration));
  await minutes.fill('20');
  await dialog.getByRole('button', { name: 'Save' }).click();
}

test.describe('achievements (issue 5)', () => {
  test('§4 a first completion celebrates First Steps, unlocks it for 10 points, and starts the streak at 1', async ({
    signedInPage: page,
    request,
    account,
  }) => {
    // Three pages and a completion in one journey: more than the default time on a busy machine.
    test.slow();
    await markDone(page, await firstActivity(request, account));

    const celebration = page.getByRole('dialog', { name: 'Achievement unlocked!' });
    await expect(celebration).toContainText('First Steps');
    await expect(celebration).toContainText('+10 points');
    await expect(celebration.getByTestId('confetti')).toBeAttached();
    await expectNoA11yViolationsIn(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(celebration).toBeHidden();

    await page.goto('/achievements');
    const firstSteps = page
      .getByRole('list', { name: 'Achievements' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'First Steps' }) });
    await expect(firstSteps).toContainText('10 points');
    await expect(firstSteps).toContainText(/Unlocked \w+ \d+, \d{4}/);
    await expect(firstSteps.getByRole('progressbar')).toHaveCount(0);
    await expect(
      page.getByText('Points', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('10');
    await expectNoA11yViolations(page);

    await page.goto('/dashboard');
    const streak = page.getByRole('region', { name: 'Your streak' });
    await expect(
      streak.getByText('Current streak').locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('1 day');
    await expect(streak.getByText('Points').locator('xpath=following-sibling::dd[1]')).toHaveText(
      '10',
    );
  });

  test('the celebration leaves the confetti out when the system asks for reduced motion', async ({
    signedInPage: page,
    request,
    account,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await markDone(page, await firstActivity(request, account));

    const celebration = page.getByRole('dialog', { name: 'Achievement unlocked!' });
    await expect(celebration).toContainText('First Steps');
    await expect(celebration.getByTestId('confetti')).toHaveCount(0);
    await celebration.getByRole('button', { name: 'Hooray!' }).press('Enter');
    await expect(celebration).toBeHidden();
  });

  test('the achievements page at phone width, before any completion', async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/achievements');
    await expect(page.getByRole('heading', { level: 1, name: 'Achievements' })).toBeVisible();
    await expect(page.getByText(/No achievements yet/)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'First Steps progress' })).toHaveAttribute(
      'aria-valuetext',
      '0 of 1',
    );
    await page.getByRole('button', { name: 'Streaks' }).click();
    await expect(
      page.getByRole('list', { name: 'Achievements' }).getByRole('listitem'),
    ).not.toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'First Steps' })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});
