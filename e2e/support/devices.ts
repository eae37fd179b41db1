import type { TActivityList } from '@kkb/core/activities/query';
import type { TActivity } from '@kkb/core/activities/schema';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

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
