import { completeProfile, logIn } from '../support/api.ts';
import { firstActivity, joinOnSecondDevice, PHONE } from '../support/devices.ts';
import { expect, test } from '../support/fixtures.ts';

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
    const activity = await firstActivity(page.request, ownerToken);
    // The co-parent, on a phone of their own, joins the family.
    const { page: other } = await joinOnSecondDevice({
      browser,
      baseURL: e2e.baseUrl,
      forwardedFor: '198.19.201.10',
      owner: { request: page.request, token: ownerToken },
      role: 'parent',
      name: 'Jordan Coparent',
    });

    // The owner has My Activities open, with no favourite yet, and the live stream connected
    // (with the token in the header, not in the URL).
    // The stream opens once the page has settled: on a busy machine that can take a while. Its
    // answer having begun means the server has registered it for events.
    const stream = page.waitForResponse((response) => response.url().endsWith('/api/v1/events'), {
      timeout: 45_000,
    });
    await page.goto('/my-activities');
    await expect(page.getByText(/^No favourites yet/)).toBeVisible();
    const streamRequest = (await stream).request();
    expect(await streamRequest.headerValue('authorization')).toMatch(/^Bearer /);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // The co-parent favourites an activity on their phone.
    await other.goto(`/activity/${activity.id}`);
    const favourite = other.getByRole('button', { name: 'Favourite' });
    // Enabled once the family's marks have loaded.
    await expect(favourite).toBeEnabled({ timeout: 30_000 });
    await favourite.click();
    await expect(other.getByRole('button', { name: 'Favourite', pressed: true })).toBeVisible();

    const favourites = page.getByRole('list', { name: 'Favourite activities' });
    await expect(favourites).toContainText(activity.title);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await page.screenshot({ path: test.info().outputPath('live-favourite-390.png') });
    await other.context().close();
  });
});
