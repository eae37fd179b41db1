import type { TActivityList } from '@kkb/core/activities/query';
import type { TInviteCreated } from '@kkb/core/family/members';
import { completeProfile, logIn, newAccount, registerAccount } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';

const PHONE = { width: 390, height: 844 };
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test.describe('live updates (issue 11)', () => {
  test("a co-parent's favourite shows on the other parent's open My Activities, without a reload", async ({
    page,
    account: owner,
    browser,
    e2e,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    const ownerToken = (await logIn(page.request, owner)).access_token;
    await completeProfile(page.request, ownerToken);
    const list = await page.request.get('/api/v1/activities', {
      headers: bearer(ownerToken),
      params: { limit: 1 },
    });
    const [activity] = ((await list.json()) as TActivityList).activities;
    if (activity === undefined) throw new Error('The catalogue has no activity');
    const invite = await page.request.post('/api/v1/family/invites', {
      headers: bearer(ownerToken),
      data: { role: 'parent' },
    });
    expect(invite.status(), await invite.text()).toBe(201);
    const { token } = (await invite.json()) as TInviteCreated;

    // The co-parent, on a phone of their own, joins the family.
    const coParent = newAccount('Jordan Coparent');
    const context = await browser.newContext({
      baseURL: e2e.baseUrl,
      viewport: PHONE,
      extraHTTPHeaders: { 'X-Forwarded-For': '198.19.201.10' },
    });
    const other = await context.newPage();
    await registerAccount(other.request, coParent);
    const coParentToken = (await logIn(other.request, coParent)).access_token;
    const joined = await other.request.post('/api/v1/family/join', {
      headers: bearer(coParentToken),
      data: { token },
    });
    expect(joined.status(), await joined.text()).toBe(200);

    // The owner has My Activities open, with no favourite yet, and the live stream connected
    // (with the token in the header, not in the URL).
    const stream = page.waitForRequest((request) => request.url().endsWith('/api/v1/events'));
    await page.goto('/my-activities');
    await expect(page.getByText(/^No favourites yet/)).toBeVisible();
    const streamRequest = await stream;
    expect(await streamRequest.headerValue('authorization')).toMatch(/^Bearer /);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // The co-parent favourites an activity on their phone.
    await other.goto(`/activity/${activity.id}`);
    await other.getByRole('button', { name: 'Favourite' }).click();
    await expect(other.getByRole('button', { name: 'Favourite', pressed: true })).toBeVisible();

    const favourites = page.getByRole('list', { name: 'Favourite activities' });
    await expect(favourites).toContainText(activity.title);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await page.screenshot({ path: test.info().outputPath('live-favourite-390.png') });
    await context.close();
  });
});
