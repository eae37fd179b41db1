import type { TFamilyStats } from '@kkb/core/achievements/schema';
import type { APIRequestContext } from '@playwright/test';
import { completeProfile, logIn, newAccount, TEST_CHILD } from '../support/api.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { firstActivity, joinOnSecondDevice, PHONE, secondDevice } from '../support/devices.ts';
import { expect, test } from '../support/fixtures.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function favourite(request: APIRequestContext, token: string, activityId: string) {
  const response = await request.put(`/api/v1/user-activities/${activityId}`, {
    headers: bearer(token),
    data: { status: 'favorite' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe('sharing a family (issue 10)', () => {
  test('a parent invites a co-parent, who registers through the link and sees the same children and favourites', async ({
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
    await favourite(page.request, ownerToken, activity.id);

    // The owner creates a parent invitation on the profile page.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite to your family' });
    await dialog.getByRole('radio', { name: /^Parent/ }).check();
    await dialog.getByRole('button', { name: 'Create invitation' }).click();
    const linkField = dialog.getByRole('textbox', { name: 'Invitation link' });
    await expect(linkField).toHaveValue(/\/join\//);
    await page.screenshot({ path: test.info().outputPath('invite-dialog-390.png') });
    const link = new URL(await linkField.inputValue());
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText('Parent');

    // The co-parent opens the link on their phone, signed out, and registers from it.
    const coParent = newAccount('Jordan Coparent');
    const other = await secondDevice(browser, e2e.baseUrl, '198.19.200.10');
    await other.goto(link.pathname);
    await expect(other.getByRole('heading', { name: "You're invited" })).toBeVisible();
    await other.screenshot({ path: test.info().outputPath('join-signed-out-390.png') });
    await expectNoA11yViolations(other);
    await other.getByRole('link', { name: 'Create an account' }).click();
    await other.getByLabel('Name').fill(coParent.name);
    await other.getByLabel('Email').fill(coParent.email);
    await other.getByLabel('Password').fill(coParent.password);
    await other.getByRole('button', { name: 'Create account' }).click();

    // Back on the invitation, not in the setup wizard: one press joins.
    await expect(other).toHaveURL(new RegExp(`${link.pathname}$`));
    await expect(other.getByRole('heading', { name: 'Join a family' })).toBeVisible();
    await other.screenshot({ path: test.info().outputPath('join-signed-in-390.png') });
    await other.getByRole('button', { name: 'Join family' }).click();
    await expect(other).toHaveURL(/\/dashboard$/);

    // The same children and favourites.
    await other.goto('/profile');
    const children = other.getByRole('list', { name: 'Children' });
    await expect(children).toContainText(TEST_CHILD.name);
    const members = other.getByRole('list', { name: 'Family members' });
    await expect(members).toContainText(`${owner.name}Owner`);
    await expect(members).toContainText(`${coParent.name} (you)Parent`);
    await other.screenshot({
      path: test.info().outputPath('profile-members-coparent-390.png'),
      fullPage: true,
    });
    await expectNoA11yViolations(other);
    await other.goto('/my-activities');
    await expect(other.getByRole('list', { name: 'Favourite activities' })).toContainText(
      activity.title,
    );

    // And the owner sees the co-parent among the members, the invitation spent.
    await page.goto('/profile');
    await expect(page.getByRole('list', { name: 'Family members' })).toContainText(
      `${coParent.name}Parent`,
    );
    await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
    await page.screenshot({
      path: test.info().outputPath('profile-members-owner-390.png'),
      fullPage: true,
    });
    await other.context().close();
  });

  test("a caregiver marks an activity done and the owner's streak moves", async ({
    page,
    account: owner,
    browser,
    e2e,
  }) => {
    test.slow();
    const ownerToken = (await logIn(page.request, owner)).access_token;
    await completeProfile(page.request, ownerToken);
    const activity = await firstActivity(page.request, ownerToken);
    // The caregiver (a grandparent) has an account of their own and joins by the invitation.
    const { page: other, account: caregiver } = await joinOnSecondDevice({
      browser,
      baseURL: e2e.baseUrl,
      forwardedFor: '198.19.200.11',
      owner: { request: page.request, token: ownerToken },
      role: 'caregiver',
      name: 'Ruth Grandma',
    });

    // A caregiver gets no forms on the profile, but marks activities done.
    await other.goto('/profile');
    await expect(other.getByRole('list', { name: 'Children' })).toContainText(TEST_CHILD.name);
    await expect(other.getByRole('button', { name: 'Leave family' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Add child' })).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Save family' })).toHaveCount(0);
    await other.screenshot({
      path: test.info().outputPath('profile-caregiver-390.png'),
      fullPage: true,
    });

    await other.goto(`/activity/${activity.id}`);
    await other.getByRole('button', { name: 'Mark as done' }).click();
    const dialog = other.getByRole('dialog', { name: 'Mark as done' });
    await dialog.getByRole('spinbutton', { name: 'Minutes' }).fill('20');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(other.getByRole('dialog', { name: 'Achievement unlocked!' })).toBeVisible();

    // The owner's streak moved, and the stats say who played.
    const stats = await page.request.get('/api/v1/stats', { headers: bearer(ownerToken) });
    expect(stats.status()).toBe(200);
    const body = (await stats.json()) as TFamilyStats;
    expect(body.currentStreak).toBe(1);
    expect(body.byMember).toContainEqual(
      expect.objectContaining({ name: caregiver.name, activities: 1, minutes: 20 }),
    );

    await page.setViewportSize(PHONE);
    await page.goto('/achievements');
    await expect(
      page.getByText('Current streak', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('1 day');
    await expect(page.getByRole('list', { name: 'Who played' })).toContainText(
      `${caregiver.name}1 activity · 20 min`,
    );
    await page.screenshot({
      path: test.info().outputPath('achievements-who-played-390.png'),
      fullPage: true,
    });
    await expectNoA11yViolations(page);
    await other.context().close();
  });
});
