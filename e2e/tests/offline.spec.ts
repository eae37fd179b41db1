import type { APIRequestContext, Page } from '@playwright/test';
import { logIn, type TestAccount } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  activityOnServer,
  catalogueHeld,
  favouriteAndMarkDone,
  queuedActions,
  savedQueries,
  serviceWorkerInControl,
} from '../support/offline.ts';

/**
 * Offline first (issue 12), in Chromium with the real service worker: the app shell from its
 * precache, the data from the query cache the app saved, the actions from its IndexedDB queue.
 */

const ACTIVITY = { id: 'cardboard-box-castle', title: 'Cardboard Box Castle' };

/** What the server has for the account: the activity's marks and the family's completions. */
async function serverState(request: APIRequestContext, account: TestAccount) {
  const { access_token } = await logIn(request, account);
  return activityOnServer(request, access_token, ACTIVITY.id);
}

/** Opens the activity and waits for its page and its marks. */
async function openActivity(page: Page): Promise<void> {
  await page.goto(`/activity/${ACTIVITY.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ACTIVITY.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Favourite' })).toBeEnabled();
}

async function expectPendingActions(page: Page, count: number): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Offline' }).click();
  await expect(page.getByRole('dialog', { name: 'Connection details' })).toContainText(
    `Pending actions${count}`,
  );
  await page.keyboard.press('Escape');
}

test.describe('offline first (issue 12)', () => {
  test('a reload offline stays signed in with the pages loaded before; favourite and mark done wait in the queue, and reach the server once when the app is opened again online', async ({
    signedInPage: page,
    context,
    request,
    account,
  }) => {
    test.slow();
    await serviceWorkerInControl(page);
    await expect(page.getByRole('list', { name: 'Recommended activities' })).toBeVisible();
    await openActivity(page);
    await page.goto('/my-activities');
    await expect(page.getByText(/^No favourites yet/)).toBeVisible();
    // The activities come from the catalogue the device holds (issue 30), the rest from the
    // saved answers.
    await expect.poll(() => catalogueHeld(page), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(() => savedQueries(page).then(Object.keys))
      .toEqual(
        expect.arrayContaining([
          '["family","profile"]',
          '["user-activities"]',
          '["achievements","stats"]',
        ]),
      );

    await context.setOffline(true);
    await page.reload();
    // Still signed in, the page from the saved cache.
    await expect(page.getByRole('button', { name: account.name })).toBeVisible();
    await expect(page.getByText(/^No favourites yet/)).toBeVisible();
    await expect(page.getByText('Welcome back')).toHaveCount(0);
    await page.goto('/dashboard');
    // Ranked on the device, for the choices on screen (issue 30): no notice of old suggestions.
    await expect(page.getByRole('list', { name: 'Recommended activities' })).toBeVisible();
    await expect(page.getByText(/^Your last suggestions/)).toHaveCount(0);

    await openActivity(page);
    await favouriteAndMarkDone(page);
    await expectPendingActions(page, 2);
    await page.close();

    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto('/my-activities');
    await expect(
      reopened.getByRole('list', { name: 'Favourite activities' }).getByText(ACTIVITY.title),
    ).toBeVisible();
    await expect
      .poll(() => serverState(request, account))
      .toEqual({ favorite: true, tried: true, completions: 1, minutes: 15 });
    await expect.poll(() => queuedActions(reopened)).toBe(0);
  });

  test('two tabs back online at once: one sends the queue, the other finds it sent; the server has each action once', async ({
    signedInPage: page,
    context,
    request,
    account,
  }) => {
    test.slow();
    await serviceWorkerInControl(page);
    await openActivity(page);
    const other = await context.newPage();
    await other.goto('/dashboard');
    await expect(other.getByRole('button', { name: account.name })).toBeVisible();

    await context.setOffline(true);
    await favouriteAndMarkDone(page);
    // The other tab counts what this one queued.
    await expectPendingActions(other, 2);

    const syncRequests: string[] = [];
    context.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/v1/sync') {
        syncRequests.push(sent.postData() ?? '');
      }
    });
    // Hold the tabs' sync lock meanwhile, so that both tabs are sure to try at the same moment.
    await page.evaluate(() => {
      void navigator.locks.request(
        'kkb:offline-sync',
        () =>
          new Promise<void>((release) => {
            (window as { releaseSyncLock?: () => void }).releaseSyncLock = release;
          }),
      );
    });
    const syncLocks = () =>
      page.evaluate(async () => {
        const { held = [], pending = [] } = await navigator.locks.query();
        const count = (locks: LockInfo[]) =>
          locks.filter((lock) => lock.name === 'kkb:offline-sync').length;
        return { held: count(held), waiting: count(pending) };
      });
    await context.setOffline(false);
    await expect.poll(syncLocks).toEqual({ held: 1, waiting: 2 });
    // Back online, and the sync really under way: the banner says so.
    await expect(page.getByText("You're back online!")).toBeVisible();
    await expect(page.getByText('Syncing your data...')).toBeVisible();
    await page.evaluate(() => (window as { releaseSyncLock?: () => void }).releaseSyncLock?.());
    await expect.poll(syncLocks).toEqual({ held: 0, waiting: 0 });
    await expect
      .poll(() => serverState(request, account))
      .toEqual({ favorite: true, tried: true, completions: 1, minutes: 15 });
    await expect.poll(() => queuedActions(page)).toBe(0);
    expect(syncRequests).toHaveLength(1);
  });
});
