import crypto from 'node:crypto';
import type { TTokenSet, TUser } from '@kkb/core/auth/schemas';
import type { TChild, TChildCreateInput, TProfileUpdate } from '@kkb/core/family/schema';
import { expect, type APIRequestContext } from '@playwright/test';

/** A password long and odd enough for the server's length and common-password rules. */
export const TEST_PASSWORD = 'Purple-Kite-Meadow-42';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** A fresh account's details: a unique e-mail, so tests never meet each other's users. */
export function newAccount(name = 'Alex Parent'): TestAccount {
  const id = `${Date.now().toString(36)}-${crypto.randomBytes(4).toString('hex')}`;
  return { name, email: `parent-${id}@example.test`, password: TEST_PASSWORD };
}

/** `POST /api/v1/auth/register`. */
export async function registerAccount(
  request: APIRequestContext,
  account: TestAccount,
): Promise<TUser> {
  const response = await request.post('/api/v1/auth/register', {
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { user: TUser }).user;
}

/**
 * `POST /api/v1/auth/login`. Through `page.request` this also leaves the httpOnly refresh cookie
 * in the browser context, which is how the web app's start-up refresh finds the sign-in.
 */
export async function logIn(request: APIRequestContext, account: TestAccount): Promise<TTokenSet> {
  const response = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TTokenSet;
}

/** The place a completed test profile lives in; the local weather service knows it. */
export const TEST_LOCATION = {
  city: 'Berlin',
  state: 'Berlin',
  country: 'Germany',
  lat: 52.52437,
  lon: 13.41053,
} as const;

export const TEST_CHILD: TChildCreateInput = { name: 'Mia', age: 6, interests: ['drawing'] };

/**
 * Spec §4: a profile is complete with a city and at least one child. A new account is sent to
 * /setup until then, so tests that need the dashboard complete it through the API first.
 */
export async function completeProfile(
  request: APIRequestContext,
  accessToken: string,
): Promise<TChild> {
  const headers = { Authorization: `Bearer ${accessToken}` };
  const update: TProfileUpdate = { location: { ...TEST_LOCATION } };
  const profile = await request.put('/api/v1/profile', { headers, data: update });
  expect(profile.status(), await profile.text()).toBe(200);
  const child = await request.post('/api/v1/profile/children', { headers, data: TEST_CHILD });
  expect(child.status(), await child.text()).toBe(201);
  return (await child.json()) as TChild;
}
