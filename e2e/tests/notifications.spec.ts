import type { TNotification } from '@kkb/core/notifications/schema';
import type { APIRequestContext } from '@playwright/test';
import { completeProfile, logIn } from '../support/api.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

const PHONE = { width: 390, height: 844 };

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** `POST /notifications`: one of the user's own, with a link to open. */
async function notify(request: APIRequestContext, token: string, title: string, link: string) {
  const response = await request.post('/api/v1/notifications', {
    headers: bearer(token),
    data: { title, message: `${title}, from the e2e test.`, data: { link } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TNotification;
}

/** `POST /notifications/activity-reminder` for now: it arrives at once (quiet hours off). */
async function remindNow(request: APIRequestContext, token: string, activityName: string) {
  const quiet = await request.put('/api/v1/notifications/preferences', {
    headers: bearer(token),
    data: { quietHours: { enabled: false } },
  });
  expect(quiet.status(), await quiet.text()).toBe(200);
  const response = await request.post('/api/v1/notifications/activity-reminder', {
    headers: bearer(token),
    data: { activity_name: activityName, scheduled_time: new Date().toISOString() },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('notifications (issue 11)', () => {
  test('the badge counts unread notifications, live; /notifications marks read and opens one', async ({
    page,
    account,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    const token = (await logIn(page.request, account)).access_token;
    await completeProfile(page.request, token);
    await notify(page.request, token, 'See your achievements', '/achievements');

    // Once the stream's answer has begun, the server has it registered for events.
    const stream = page.waitForResponse((response) => response.url().endsWith('/api/v1/events'));
    await page.goto('/dashboard');
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(bell).toContainText('1');

    // One more arrives while the page is open: the badge follows without a reload.
    await stream;
    await remindNow(page.request, token, 'Kitchen Volcano');
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');

    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('2 unread')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('notifications-390.png') });
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Mark as read: Time for Kitchen Volcano' }).click();
    await expect(
      list.getByRole('heading', { name: 'Time for Kitchen Volcano', exact: true }),
    ).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

    // Opening the other one reads it and goes where it points.
    await list.getByRole('link', { name: /See your achievements/ }).click();
    await expect(page).toHaveURL(/\/achievements$/);
    await expect(bell).toHaveAccessibleName('Notifications');

    // The server agrees: nothing unread.
    const count = await page.request.get('/api/v1/notifications/unread-count', {
      headers: bearer(token),
    });
    expect(await count.json()).toEqual({ count: 0 });
  });

  test('completing a first activity shows a badge of 1 without reload; a second tab sees it read when the first marks it read', async ({
    page,
    account,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    const token = (await logIn(page.request, account)).access_token;
    await completeProfile(page.request, token);
    // Whatever the hour where the tests run, nothing is held back for quiet hours.
    const quiet = await page.request.put('/api/v1/notifications/preferences', {
      headers: bearer(token),
      data: { quietHours: { enabled: false } },
    });
    expect(quiet.status(), await quiet.text()).toBe(200);

    const opened = (tab: typeof page) =>
      tab.waitForResponse((response) => response.url().endsWith('/api/v1/events'));
    const firstStream = opened(page);
    await page.goto('/activity/cardboard-box-castle');
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    await firstStream;

    const secondTab = await page.context().newPage();
    await secondTab.setViewportSize(PHONE);
    const secondStream = opened(secondTab);
    await secondTab.goto('/dashboard');
    const secondBell = secondTab.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await expect(secondBell).toHaveAccessibleName('Notifications');
    await secondStream;

    // "First Steps" unlocks: its notification reaches both tabs' badges without a reload.
    await page.getByRole('button', { name: 'Mark as done' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as done' });
    await dialog.getByRole('spinbutton', { name: 'Minutes' }).fill('20');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: 'Achievement unlocked!' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(secondBell).toHaveAccessibleName('Notifications, 1 unread');

    // The first tab reads it; the second tab's badge follows.
    await bell.click();
    await page
      .getByRole('button', { name: 'Mark as read: Achievement unlocked: First Steps' })
      .click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(secondBell).toHaveAccessibleName('Notifications');
    await secondTab.close();
  });

  test('the settings save and are there after a reload', async ({ page, account }) => {
    await page.setViewportSize(PHONE);
    const token = (await logIn(page.request, account)).access_token;
    await completeProfile(page.request, token);
    await page.goto('/notifications');
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await expect(page).toHaveURL(/\/notifications\/settings$/);
    await page.getByRole('switch', { name: /^Weather alerts/ }).click();
    await page.getByLabel(/^Daily summary at/).fill('20:30');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath('notification-settings-390.png'),
      fullPage: true,
    });

    await page.reload();
    await expect(page.getByRole('switch', { name: /^Weather alerts/ })).not.toBeChecked();
    await expect(page.getByLabel(/^Daily summary at/)).toHaveValue('20:30');
    // The profile's own switch is the same preference.
    await page.goto('/profile');
    await expect(page.getByRole('switch', { name: 'Weather alerts' })).not.toBeChecked();
  });
});
