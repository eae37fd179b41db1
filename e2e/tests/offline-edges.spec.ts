import type { TFamily } from '@kkb/core/family/members';
import type { TChild } from '@kkb/core/family/schema';
import type { APIRequestContext, Page } from '@playwright/test';
import { completeProfile, logIn } from '../support/api.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { firstActivity, joinOnSecondDevice, PHONE } from '../support/devices.ts';
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
 * Local-first edges (issue 30), on a phone with the real service worker: pages never opened on
 * the device readable offline with how old they are, offline actions reaching the server once,
 * a child added while the answer is lost, and a member removed while offline told what was not
 * saved.
 */

test.use({ viewport: PHONE });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The queries the app fetches after sign-in so that their pages open offline. */
const KEPT_PAGES = [
  '["user-activities"]',
  '["achievements","stats","recent-play"]',
  '["achievements","stats"]',
  '["achievements","list"]',
  '["notifications","list","all"]',
  '["notifications","unread-count"]',
  '["family","profile"]',
  '["family","members"]',
];

/** What the server has for the family of `token`: the activity's marks, completions, children. */
async function serverState(request: APIRequestContext, token: string, activityId: string) {
  const { children } = (await (
    await request.get('/api/v1/children', { headers: bearer(token) })
  ).json()) as { children: TChild[] };
  return {
    ...(await activityOnServer(request, token, activityId)),
    children: children.map((child) => child.name).sort(),
  };
}

/** Closes the "You're offline" banner, which covers the top of the page, for a screenshot. */
async function closeOfflineBanner(page: Page): Promise<void> {
  const banner = page.getByRole('alert').filter({ hasText: "You're offline" });
  await banner.getByRole('button', { name: 'Close' }).click();
  await expect(banner).toBeHidden();
}

/** Adds a child on the profile page. */
async function addChild(page: Page, name: string, age: number): Promise<void> {
  await page.getByRole('button', { name: 'Add child' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a child' });
  await dialog.getByRole('textbox', { name: "Child's name" }).fill(name);
  await dialog.getByRole('spinbutton', { name: 'Age' }).fill(String(age));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('local-first edges (issue 30)', () => {
  test('pages never opened read offline with how old they are; favourite, done and a child added offline reach the server once', async ({
    signedInPage: page,
    context,
    request,
    account,
  }) => {
    test.slow();
    const token = (await logIn(request, account)).access_token;
    const activity = await firstActivity(request, token);
    await serviceWorkerInControl(page);
    // One activity looked at online, to act on offline later.
    await page.goto(`/activity/${activity.id}`);
    await expect(page.getByRole('heading', { level: 1, name: activity.title })).toBeVisible();

    // Once the page has settled, the app fetches what the other pages show and keeps it.
    await expect
      .poll(async () => Object.keys(await savedQueries(page)), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(KEPT_PAGES));
    // The activities themselves are the catalogue the device holds.
    await expect.poll(() => catalogueHeld(page), { timeout: 30_000 }).toBe(true);
    const sizes = await savedQueries(page);
    const kept = KEPT_PAGES.map((key) => `${key} ${sizes[key]} B`);
    const total = KEPT_PAGES.reduce((sum, key) => sum + (sizes[key] ?? 0), 0);
    const measured = `${KEPT_PAGES.length} queries, ${total} B saved: ${kept.join(', ')}`;
    test.info().annotations.push({ type: 'kept pages', description: measured });
    console.log(`kept pages: ${measured}`);

    await context.setOffline(true);
    const pages = [
      { path: '/my-activities', heading: 'My Activities' },
      { path: '/achievements', heading: 'Achievements' },
      { path: '/notifications', heading: 'Notifications' },
      { path: '/profile', heading: 'Profile Settings' },
    ];
    for (const { path, heading } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /, as of / })).toBeVisible();
      await expect(page.getByText('No cached data available offline')).toHaveCount(0);
    }
    await closeOfflineBanner(page);
    await page.screenshot({ path: test.info().outputPath('profile-offline-as-of-390.png') });
    await expect(page.getByRole('list', { name: 'Children' })).toContainText('Mia');

    await addChild(page, 'Ada', 3);
    const children = page.getByRole('list', { name: 'Children' });
    await expect(children.getByRole('listitem').filter({ hasText: 'Ada' })).toContainText(
      'Waiting to sync',
    );
    // The notice and the waiting child, in light and dark mode.
    await expectNoA11yViolations(page);
    await page.evaluate(() => localStorage.setItem('mui-mode', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(children.getByText('Waiting to sync')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /, as of / })).toBeVisible();
    await expectNoA11yViolations(page);
    await closeOfflineBanner(page);
    await page.screenshot({
      path: test.info().outputPath('profile-offline-waiting-child-dark-390.png'),
      fullPage: true,
    });
    await page.evaluate(() => localStorage.setItem('mui-mode', 'light'));
    await page.goto(`/activity/${activity.id}`);
    await expect(page.getByRole('status').filter({ hasText: /, as of / })).toBeVisible();
    await favouriteAndMarkDone(page);
    expect(await queuedActions(page)).toBe(3);

    await context.setOffline(false);
    // A sync that fails on a loaded machine is tried again 5 s later, then 10 s, then 20 s
    // (lib/offline-sync): long enough for three tries.
    await expect.poll(() => queuedActions(page), { timeout: 60_000 }).toBe(0);
    await expect
      .poll(() => serverState(request, token, activity.id))
      .toEqual({
        favorite: true,
        tried: true,
        completions: 1,
        minutes: 15,
        children: ['Ada', 'Mia'],
      });
    await page.goto('/profile');
    await expect(page.getByRole('list', { name: 'Children' })).toContainText('Ada');
    await expect(page.getByText('Waiting to sync')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /, as of / })).toHaveCount(0);
  });

  test('a child added online whose answer is lost is queued, listed at once, and added once', async ({
    signedInPage: page,
    request,
    account,
  }) => {
    test.slow();
    const token = (await logIn(request, account)).access_token;
    await page.goto('/profile');
    await expect(page.getByRole('list', { name: 'Children' })).toContainText('Mia');
    // The request reaches the server, which adds the child; the answer never comes back.
    await page.route('**/api/v1/profile/children', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await addChild(page, 'Ada', 3);
    await expect(page.getByRole('list', { name: 'Children' })).toContainText('Ada');
    await page.unroute('**/api/v1/profile/children');

    await expect.poll(() => queuedActions(page), { timeout: 30_000 }).toBe(0);
    await expect
      .poll(async () => (await serverState(request, token, 'none')).children)
      .toEqual(['Ada', 'Mia']);
    // The one listed meanwhile gave way to the server's.
    const children = page.getByRole('list', { name: 'Children' });
    await expect(children.getByRole('listitem')).toHaveCount(2);
    await expect(children.getByText('Waiting to sync')).toHaveCount(0);
  });

  test('a member removed while offline is told which family and what was not saved', async ({
    page: ownerPage,
    account: owner,
    browser,
    e2e,
  }) => {
    test.slow();
    const ownerToken = (await logIn(ownerPage.request, owner)).access_token;
    await completeProfile(ownerPage.request, ownerToken);
    const renamed = await ownerPage.request.put('/api/v1/profile', {
      headers: bearer(ownerToken),
      data: { familyInfo: { familyName: 'The Smiths' } },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);
    const activity = await firstActivity(ownerPage.request, ownerToken);

    const { page, token } = await joinOnSecondDevice({
      browser,
      baseURL: e2e.baseUrl,
      forwardedFor: '198.19.201.30',
      owner: { request: ownerPage.request, token: ownerToken },
      role: 'parent',
      name: 'Robin Parent',
    });
    await page.goto(`/activity/${activity.id}`);
    await expect(page.getByRole('heading', { level: 1, name: activity.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Favourite' })).toBeEnabled();
    await serviceWorkerInControl(page);

    await page.context().setOffline(true);
    await favouriteAndMarkDone(page);
    expect(await queuedActions(page)).toBe(2);

    // Meanwhile the owner removes them from the family.
    const family = (await (
      await ownerPage.request.get('/api/v1/family', { headers: bearer(ownerToken) })
    ).json()) as TFamily;
    const member = family.members.find((m) => m.name === 'Robin Parent');
    if (member === undefined) throw new Error('The member did not join');
    const removed = await ownerPage.request.delete(`/api/v1/family/members/${member.userId}`, {
      headers: bearer(ownerToken),
    });
    expect(removed.status(), await removed.text()).toBe(204);

    await page.context().setOffline(false);
    const note = page.getByRole('alert').filter({
      hasText: 'You are no longer a member of “The Smiths”',
    });
    await expect(note).toBeVisible({ timeout: 30_000 });
    await expect(note).toContainText('These were not saved:');
    await expect(note.getByRole('listitem')).toHaveText([
      `Favourited “${activity.title}”`,
      `Marked “${activity.title}” done`,
    ]);
    await page.screenshot({ path: test.info().outputPath('removed-member-note-390.png') });
    expect(await queuedActions(page)).toBe(0);
    // Applied to neither family: the one left, nor the member's own new one.
    const nothing = { favorite: false, tried: false, completions: 0, minutes: 0 };
    const { children: _ownerChildren, ...ownerState } = await serverState(
      ownerPage.request,
      ownerToken,
      activity.id,
    );
    expect(ownerState).toEqual(nothing);
    const { children: _ownChildren, ...ownState } = await serverState(
      page.request,
      token,
      activity.id,
    );
    expect(ownState).toEqual(nothing);
    await page.context().close();
  });
});
