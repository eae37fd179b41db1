import type { TActivityList } from '@kkb/core/activities/query';
import type { TActivity } from '@kkb/core/activities/schema';
import type { TFamilyRole, TInviteCreated } from '@kkb/core/family/members';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { logIn, newAccount, registerAccount, type TestAccount } from './api.ts';

/** Phone first: screens are checked at the size of a common phone. */
export const PHONE = { width: 390, height: 844 };

/** The catalogue's first activity, read through the API. */
export async function firstActivity(request: APIRequestContext, token: string): Promise<TActivity> {
  const response = await request.get('/api/v1/activities', {
    headers: { Authorization: `Bearer ${token}` },
    params: { limit: 1 },
  });
  expect(response.status(), await response.text()).toBe(200);
  const [activity] = ((await response.json()) as TActivityList).activities;
  if (activity === undefined) throw new Error('The catalogue has no activity');
  return activity;
}

/**
 * A second person on their own phone: a new browser context (own cookies) presenting its own
 * client address, like the test fixtures do for `page`.
 */
export async function secondDevice(
  browser: Browser,
  baseURL: string,
  forwardedFor: string,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    extraHTTPHeaders: { 'X-Forwarded-For': forwardedFor },
  });
  return context.newPage();
}

/**
 * The owner invites someone with `role`, who registers on a phone of their own (a second device)
 * and joins by the invitation. Through that page's `request`, the refresh cookie signs its
 * browser in too.
 */
export async function joinOnSecondDevice(options: {
  browser: Browser;
  baseURL: string;
  forwardedFor: string;
  owner: { request: APIRequestContext; token: string };
  role: Exclude<TFamilyRole, 'owner'>;
  name: string;
}): Promise<{ page: Page; token: string; account: TestAccount }> {
  const { owner } = options;
  const invite = await owner.request.post('/api/v1/family/invites', {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { role: options.role },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const { token: inviteToken } = (await invite.json()) as TInviteCreated;

  const member = newAccount(options.name);
  const page = await secondDevice(options.browser, options.baseURL, options.forwardedFor);
  await registerAccount(page.request, member);
  const token = (await logIn(page.request, member)).access_token;
  const joined = await page.request.post('/api/v1/family/join', {
    headers: { Authorization: `Bearer ${token}` },
    data: { token: inviteToken },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return { page, token, account: member };
}
