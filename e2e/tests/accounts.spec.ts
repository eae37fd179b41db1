import type { TChild } from '@kkb/core/family/schema';
import type { TInviteCreated } from '@kkb/core/family/members';
import type { Page } from '@playwright/test';
import { completeProfile, logIn } from '../support/api.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { firstActivity, joinOnSecondDevice, PHONE, secondDevice } from '../support/devices.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/outbox.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** `HH:MM` in a time zone, `minutes` from now. */
function localClock(timeZone: string, minutes: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + minutes * 60_000));
}

async function inDarkMode(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => window.localStorage.setItem('mui-mode', 'dark'));
  await page.reload();
}

// Issue 29: a parent's second week.
test.describe('accounts at 390×844 (issue 29)', () => {
  test.use({ viewport: PHONE });

  test('five wrong passwords make the sign-in wait half a minute, and the form says how long', async ({
    page,
    account,
  }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password');
    await email.fill(account.email);
    for (let i = 0; i < 5; i++) {
      await password.fill(`not-the-password-${i}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
      // The next try starts from a fresh answer.
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    }
    await password.fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      /^Too many attempts\. Try again in (2\d|30) seconds\.$/,
    );
    await page.screenshot({ path: test.info().outputPath('login-lockout-390.png') });
  });

  test("a co-parent's name is his own: the owner is still greeted by hers", async ({
    page,
    account: owner,
    browser,
    e2e,
  }) => {
    test.slow();
    const ownerToken = (await logIn(page.request, owner)).access_token;
    await completeProfile(page.request, ownerToken);
    const { page: other } = await joinOnSecondDevice({
      browser,
      baseURL: e2e.baseUrl,
      forwardedFor: '198.19.201.10',
      owner: { request: page.request, token: ownerToken },
      role: 'parent',
      name: 'Jordan Coparent',
    });

    await other.goto('/profile');
    const name = other.getByRole('textbox', { name: /^Your name/ });
    await expect(name).toHaveValue('Jordan Coparent');
    await name.fill('Dad');
    await other.getByRole('button', { name: 'Save name' }).click();
    await expect(other.getByText('Your name saved')).toBeVisible();
    await expect(other.getByRole('list', { name: 'Family members' })).toContainText(
      'Dad (you)Parent',
    );
    await name.scrollIntoViewIfNeeded();
    await other.screenshot({ path: test.info().outputPath('profile-own-name-390.png') });
    await expectNoA11yViolations(other);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Alex$/);
    await page.screenshot({ path: test.info().outputPath('dashboard-greeting-390.png') });
    await page.goto('/profile');
    await expect(page.getByRole('textbox', { name: /^Your name/ })).toHaveValue(owner.name);
    await expect(page.getByRole('list', { name: 'Family members' })).toContainText('DadParent');
    await other.context().close();
  });

  test('an achievement earned inside quiet hours is in the notifications at once', async ({
    signedInPage: page,
    account,
  }) => {
    const token = (await logIn(page.request, account)).access_token;
    const profile = await page.request.get('/api/v1/profile', { headers: bearer(token) });
    const { timezone } = ((await profile.json()) as { familyInfo: { timezone: string } })
      .familyInfo;
    // Quiet hours from an hour ago to an hour from now, in the family's time zone.
    const quiet = await page.request.put('/api/v1/notifications/preferences', {
      headers: bearer(token),
      data: {
        quietHours: {
          enabled: true,
          start: localClock(timezone, -60),
          end: localClock(timezone, 60),
        },
      },
    });
    expect(quiet.status(), await quiet.text()).toBe(200);
    const activity = await firstActivity(page.request, token);
    const done = await page.request.post(`/api/v1/activities/${activity.id}/complete`, {
      headers: bearer(token),
      data: { minutes: 15 },
    });
    expect(done.status(), await done.text()).toBe(200);

    await page.goto('/notifications');
    await expect(page.getByText('Achievement unlocked: First Steps')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('notifications-quiet-hours-390.png') });
  });

  test('a double click on Save adds one child, sent with an Idempotency-Key', async ({
    signedInPage: page,
    account,
  }) => {
    const keys: (string | null)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/profile/children')) {
        keys.push(request.headers()['idempotency-key'] ?? null);
      }
    });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Add child' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a child' });
    await dialog.getByRole('textbox', { name: /^Child's name/ }).fill('Twin');
    await dialog.getByRole('spinbutton', { name: /^Age/ }).fill('4');
    await dialog.getByRole('button', { name: 'Save' }).dblclick();
    await expect(page.getByText('Twin added')).toBeVisible();
    const children = page.getByRole('list', { name: 'Children' });
    await expect(children.getByRole('listitem')).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath('profile-children-twin-390.png') });

    const token = (await logIn(page.request, account)).access_token;
    const listed = await page.request.get('/api/v1/children', { headers: bearer(token) });
    const names = ((await listed.json()) as { children: TChild[] }).children.map((c) => c.name);
    expect(names.filter((name) => name === 'Twin')).toHaveLength(1);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
  });

  test('the invitation mail and the join page name the family and the inviter', async ({
    page,
    account: owner,
    browser,
    e2e,
  }) => {
    const ownerToken = (await logIn(page.request, owner)).access_token;
    await completeProfile(page.request, ownerToken);
    const renamed = await page.request.put('/api/v1/profile', {
      headers: bearer(ownerToken),
      data: { familyInfo: { familyName: 'The Parkers' } },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);
    const to = `sitter-${Date.now()}@example.test`;
    const invite = await page.request.post('/api/v1/family/invites', {
      headers: bearer(ownerToken),
      data: { role: 'caregiver', email: to },
    });
    expect(invite.status(), await invite.text()).toBe(201);
    const { link } = (await invite.json()) as TInviteCreated;
    const headline = 'Alex invited you to join “The Parkers” on Keep Kid Busy';
    const mail = await waitForMail({ to });
    expect(mail.subject).toBe(headline);
    expect(mail.text).toContain(`${headline} as a caregiver`);

    const guest = await secondDevice(browser, e2e.baseUrl, '198.19.201.11');
    await guest.goto(new URL(link).pathname);
    await expect(guest.getByRole('heading', { name: "You're invited" })).toBeVisible();
    await expect(
      guest.getByText(
        `${headline} as a caregiver, to share its children, favourites, streak and achievements.`,
      ),
    ).toBeVisible();
    await guest.screenshot({ path: test.info().outputPath('join-named-390.png') });
    await expectNoA11yViolations(guest);
    await inDarkMode(guest);
    await expect(guest.getByText(headline, { exact: false })).toBeVisible();
    await guest.screenshot({ path: test.info().outputPath('join-named-dark-390.png') });
    await expectNoA11yViolations(guest);

    // Revoked: the link says so at once.
    const { invite: sent } = (await invite.json()) as TInviteCreated;
    const revoked = await page.request.delete(`/api/v1/family/invites/${sent.id}`, {
      headers: bearer(ownerToken),
    });
    expect(revoked.status()).toBe(204);
    await guest.reload();
    await expect(
      guest.getByRole('heading', { name: 'This invitation cannot be used' }),
    ).toBeVisible();
    await expect(guest.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await guest.screenshot({ path: test.info().outputPath('join-spent-dark-390.png') });
    await expectNoA11yViolations(guest);
    await guest.context().close();
  });
});
